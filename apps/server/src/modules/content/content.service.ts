import type { DbOrTx } from '../../db/client';
import { createContentRepository } from './content.repository';

/** A banner of the home carousel, as the player app shows it. */
export interface Banner {
  id: number;
  image: string;
  title: string;
  link: string;
  activityType: number | null;
  sort: number;
}

/**
 * What the player app reads of the content: config items 1–9 (bulletin, notices, links) and the enabled
 * banners. The console's side (edits, uploads) is content.admin.ts.
 */
export function createContentService(db: DbOrTx) {
  const repo = createContentRepository(db);
  return {
    bulletin: (): Promise<{ id: number; content: string }[]> => repo.listConfigItems(),
    banners: (): Promise<Banner[]> => repo.listEnabledBanners(),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
