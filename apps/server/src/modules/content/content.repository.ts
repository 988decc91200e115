import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findRow, insertRow, updateRow } from '../../db/rows';
import { banners, configItems } from './content.schema';

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
          activityType: banners.activityType,
          sort: banners.sort,
        })
        .from(banners)
        .where(eq(banners.enabled, true))
        .orderBy(asc(banners.sort), asc(banners.id))
        // Bounded: a home-page carousel never needs more, and an operator mistake must not flood the client.
        .limit(50),

    // ----- operator console -----

    listAllConfigItems: () => db.select().from(configItems).orderBy(asc(configItems.id)),

    findConfigItem: (id: number) => findRow(db, configItems, eq(configItems.id, id)),

    /** Creates or replaces one config item; the row lock of the upsert orders concurrent edits. */
    async upsertConfigItem(id: number, content: string, now: Date) {
      const rows = await db
        .insert(configItems)
        .values({ id, content, updatedAt: now })
        .onConflictDoUpdate({ target: configItems.id, set: { content, updatedAt: now } })
        .returning();
      return rows[0]!;
    },

    listAllBanners: () => db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),

    async findBannerForUpdate(id: number) {
      const locked = await db.execute(sql`select id from ${banners} where id = ${id} for update`);
      if ((locked as unknown as { rows: unknown[] }).rows.length === 0) return null;
      return findRow(db, banners, eq(banners.id, id));
    },

    async insertBanner(row: typeof banners.$inferInsert) {
      return insertRow(db, banners, row);
    },

    async updateBanner(id: number, set: Partial<typeof banners.$inferInsert>) {
      return (await updateRow(db, banners, eq(banners.id, id), set))!;
    },

    async deleteBanner(id: number) {
      await db.delete(banners).where(eq(banners.id, id));
    },
  };
}
