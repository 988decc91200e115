import type { GameItem as ContractGameItem, gameCategory, gameCategoryRecord } from '@koi/contract';
import type { z } from 'zod';

/**
 * Game shapes from the shared contract (type-only imports: zod stays out of the bundle). The spec lets
 * `status` and `open_type` be missing (missing = playable / new window), so the client accepts that too.
 */
export type GameItem = Omit<ContractGameItem, 'status' | 'open_type' | 'is_hot'> & {
  /** 1 or missing: playable; 2 maintenance; 3 coming soon; 4 stay tuned. */
  status?: number | null;
  /** Missing or 2: open in a new window at /redirect; otherwise go to cateList. */
  open_type?: number | null;
  is_hot?: boolean;
};

export type GameCategoryRecord = Pick<
  z.infer<typeof gameCategoryRecord>,
  'game_type_id' | 'plat_type_id' | 'brand_image'
> &
  Partial<Pick<z.infer<typeof gameCategoryRecord>, 'plat_name' | 'game_count'>>;

export type GameCategory = z.infer<typeof gameCategory>;

export type GamePage = { data: GameItem[]; total: number };

/** Accepts `{data}` or a bare array, so a shape drift shows games rather than a blank lobby. */
export function toGameList(result: unknown): GameItem[] {
  if (Array.isArray(result)) return result as GameItem[];
  if (result && typeof result === 'object' && Array.isArray((result as { data?: unknown }).data)) {
    return (result as { data: GameItem[] }).data;
  }
  return [];
}
