import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageWithTotal } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import { gameProviders, games } from './games.schema';

/** SQL of the console's game and provider screens. Nothing here decides; games.admin.ts does. */

export interface GamePatch {
  nameZh?: string;
  nameEn?: string;
  enabled?: boolean;
  status?: number;
  isHot?: boolean;
  sort?: number;
}

export interface ProviderPatch {
  name?: string;
  /** null clears it: English mode then shows `name`. */
  nameEn?: string | null;
  enabled?: boolean;
  sort?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const adminGameColumns = {
  id: games.id,
  gameCode: games.gameCode,
  nameZh: games.nameZh,
  nameEn: games.nameEn,
  platTypeId: games.platTypeId,
  gameTypeId: games.gameTypeId,
  status: games.status,
  enabled: games.enabled,
  isHot: games.isHot,
  sort: games.sort,
  image: games.image,
  providerEnabled: gameProviders.enabled,
};

export function createGamesAdminRepository(db: DbOrTx) {
  return {
    async listGames(
      f: {
        platTypeId: number;
        gameTypeId: number;
        status: number;
        keyword: string;
      } & PageWindow,
    ) {
      const conditions: (SQL | undefined)[] = [
        f.platTypeId ? eq(games.platTypeId, f.platTypeId) : undefined,
        f.gameTypeId ? eq(games.gameTypeId, f.gameTypeId) : undefined,
        f.status ? eq(games.status, f.status) : undefined,
        f.keyword
          ? or(
              ilike(games.nameZh, `%${escapeLike(f.keyword)}%`),
              ilike(games.nameEn, `%${escapeLike(f.keyword)}%`),
              ilike(games.gameCode, `%${escapeLike(f.keyword)}%`),
            )
          : undefined,
      ];
      const where = and(...conditions);
      return pageWithTotal(
        db,
        games,
        db
          .select(adminGameColumns)
          .from(games)
          .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
          .$dynamic(),
        {
          where,
          orderBy: [asc(games.platTypeId), asc(games.sort), asc(games.id)],
          limit: f.limit,
          offset: f.offset,
        },
      );
    },

    async findGame(id: number) {
      const rows = await db
        .select(adminGameColumns)
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
        .where(eq(games.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async lockGame(id: number) {
      const rows = await db.execute(sql`select id from ${games} where id = ${id} for update`);
      return (rows as unknown as { rows: unknown[] }).rows.length === 1;
    },

    async updateGame(id: number, set: GamePatch) {
      await db.update(games).set(set).where(eq(games.id, id));
    },

    async listProviders() {
      return db
        .select({
          id: gameProviders.id,
          code: gameProviders.code,
          name: gameProviders.name,
          nameEn: gameProviders.nameEn,
          walletModel: gameProviders.walletModel,
          enabled: gameProviders.enabled,
          sort: gameProviders.sort,
          gameCount: sql<number>`(select count(*)::int from games g where g.plat_type_id = "game_providers"."id")`,
        })
        .from(gameProviders)
        .orderBy(asc(gameProviders.sort), asc(gameProviders.id));
    },

    async lockProvider(id: number) {
      const rows = await db.execute(sql`select id from ${gameProviders} where id = ${id} for update`);
      return (rows as unknown as { rows: unknown[] }).rows.length === 1;
    },

    async updateProvider(id: number, set: ProviderPatch) {
      await db.update(gameProviders).set(set).where(eq(gameProviders.id, id));
    },
  };
}
