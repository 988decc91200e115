import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findRow } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import { gameCategories, gameProviders, games } from './games.schema';

export interface GameFilter extends PageWindow {
  gameTypeId?: number;
  platTypeId?: number;
  keyword?: string;
  hotOnly?: boolean;
}

const gameColumns = {
  id: games.id,
  gameCode: games.gameCode,
  nameZh: games.nameZh,
  nameEn: games.nameEn,
  gameTypeId: games.gameTypeId,
  platTypeId: games.platTypeId,
  status: games.status,
  openType: games.openType,
  isHot: games.isHot,
  image: games.image,
  gameImage: games.gameImage,
  minBetMicro: games.minBetMicro,
  maxBetMicro: games.maxBetMicro,
  providerName: gameProviders.name,
  providerNameEn: gameProviders.nameEn,
  providerCode: gameProviders.code,
  walletModel: gameProviders.walletModel,
  /** The console's switches: a game is offered only while both it and its provider are enabled. */
  enabled: games.enabled,
  providerEnabled: gameProviders.enabled,
};
/** A column's value in a row: null where the column allows it (the provider's English name). */
type ColumnValue<C> = C extends { _: { data: infer D; notNull: infer N } }
  ? N extends true
    ? D
    : D | null
  : never;
export type GameRow = { [K in keyof typeof gameColumns]: ColumnValue<(typeof gameColumns)[K]> };

/** LIKE wildcards typed by a player are searched for literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createGamesRepository(db: DbOrTx) {
  function where(filter: Omit<GameFilter, 'limit' | 'offset'>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(gameProviders.enabled, true), eq(games.enabled, true)];
    if (filter.gameTypeId) conditions.push(eq(games.gameTypeId, filter.gameTypeId));
    if (filter.platTypeId) conditions.push(eq(games.platTypeId, filter.platTypeId));
    if (filter.hotOnly) conditions.push(eq(games.isHot, true));
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(
        or(ilike(games.nameZh, pattern), ilike(games.nameEn, pattern), ilike(games.gameCode, pattern)),
      );
    }
    return and(...conditions);
  }

  return {
    async listGames(filter: GameFilter): Promise<{ rows: GameRow[]; total: number }> {
      const condition = where(filter);
      const [rows, count] = await Promise.all([
        db
          .select(gameColumns)
          .from(games)
          .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
          .where(condition)
          .orderBy(asc(games.sort), asc(games.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(games)
          .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
          .where(condition),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },

    async findGame(platTypeId: number, gameCode: string): Promise<GameRow | null> {
      const rows = await db
        .select(gameColumns)
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
        .where(and(eq(games.platTypeId, platTypeId), eq(games.gameCode, gameCode)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** One record per (category, provider) that has at least one game, for the all-games blocks. */
    listCategoryProviders(gameTypeId?: number) {
      return db
        .select({
          gameTypeId: games.gameTypeId,
          providerId: games.platTypeId,
          brandImage: gameProviders.brandImage,
          providerName: gameProviders.name,
          providerNameEn: gameProviders.nameEn,
          gameCount: sql<number>`count(*)::int`,
        })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.platTypeId))
        .where(
          and(
            eq(gameProviders.enabled, true),
            eq(games.enabled, true),
            gameTypeId ? eq(games.gameTypeId, gameTypeId) : undefined,
          ),
        )
        .groupBy(
          games.gameTypeId,
          games.platTypeId,
          gameProviders.brandImage,
          gameProviders.name,
          gameProviders.nameEn,
          gameProviders.sort,
        )
        .orderBy(asc(games.gameTypeId), asc(gameProviders.sort));
    },

    /** Names of the providers and of the games named by provider and code (any state: records outlive them). */
    async namesOf(keys: { providerId: number; gameCode: string }[]) {
      if (keys.length === 0) return { providers: [], games: [] };
      const providerIds = [...new Set(keys.map((k) => k.providerId))];
      const [providers, gameRows] = await Promise.all([
        db
          .select({ id: gameProviders.id, name: gameProviders.name, nameEn: gameProviders.nameEn })
          .from(gameProviders)
          .where(inArray(gameProviders.id, providerIds)),
        db
          .select({
            providerId: games.platTypeId,
            gameCode: games.gameCode,
            name: games.nameZh,
            nameEn: games.nameEn,
          })
          .from(games)
          .where(
            and(
              inArray(games.platTypeId, providerIds),
              inArray(games.gameCode, [...new Set(keys.map((k) => k.gameCode))]),
            ),
          ),
      ]);
      return { providers, games: gameRows };
    },

    listCategories() {
      return db.select().from(gameCategories).orderBy(asc(gameCategories.sort));
    },

    findProvider: (id: number) => findRow(db, gameProviders, eq(gameProviders.id, id)),

    findProviderByCode: (code: string) => findRow(db, gameProviders, eq(gameProviders.code, code)),
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
