import { RICH_TEXT_CONFIG_ITEM_IDS } from '@koi/contract';
import type { DbOrTx } from '../../db/client';
import { sanitizeRichText } from '../../lib/rich-text';
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
    // Rich text is sanitised on write; once more on read, so a row written before that rule is served clean.
    bulletin: async (): Promise<{ id: number; content: string }[]> =>
      (await repo.listConfigItems()).map((item) =>
        RICH_TEXT_CONFIG_ITEM_IDS.includes(item.id)
          ? { ...item, content: sanitizeRichText(item.content) }
          : item,
      ),
    banners: (): Promise<Banner[]> => repo.listEnabledBanners(),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
