import { GameStatus } from './enums';
import type { ErrorKey } from './errors';

// Apart from the catalogue (errors.ts), so that a client showing badges or deciding whether a game opens
// does not bundle every error text with it.

/**
 * Spec §8: the toast of each game status that cannot be played, as an error of this catalogue, so that the
 * server's refusal and the web's toast are one text. Status 1 (or missing) is playable.
 */
const GAME_STATUS_ERRORS: Record<number, ErrorKey> = {
  [GameStatus.MAINTENANCE]: 'GAME_MAINTENANCE',
  [GameStatus.COMING_SOON]: 'GAME_COMING_SOON',
  [GameStatus.STAY_TUNED]: 'GAME_STAY_TUNED',
};

/** The error a game of this status answers when opened or played; null when it is playable. */
export function gameStatusError(status: number | null | undefined): ErrorKey | null {
  if (status === undefined || status === null || status === GameStatus.PLAYABLE) return null;
  return GAME_STATUS_ERRORS[status] ?? 'GAME_UNAVAILABLE';
}

/** Spec §2: the corner badge of a tile whose game is not playable (statuses 2, 3, 4). */
export const GAME_STATUS_BADGES: Partial<Record<number, { zh: string; en: string }>> = {
  [GameStatus.MAINTENANCE]: { zh: '维护中', en: 'Maintenance' },
  [GameStatus.COMING_SOON]: { zh: '即将上线', en: 'Coming soon' },
  [GameStatus.STAY_TUNED]: { zh: '敬请期待', en: 'Stay tuned' },
};
