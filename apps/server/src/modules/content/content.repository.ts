import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners, configItems } from '../../db/schema';

export function createContentRepository(db: DbOrTx) {
  return {
    listConfigItems: () =>
      db
        .select({ id: configItems.id, content: configItems.content })
        .from(configItems)
        .orderBy(asc(configItems.id)),
    listEnabledBanners: () =>
      db
        .select({
          id: banners.id,
          image: banners.image,
          title: banners.title,
          link: banners.link,
          activity_type: banners.activityType,
          sort: banners.sort,
        })
        .from(banners)
        .where(eq(banners.enabled, true))
        .orderBy(asc(banners.sort), asc(banners.id))
        // Bounded: a home-page carousel never needs more, and an operator mistake must not flood the client.
        .limit(50),
  };
}
