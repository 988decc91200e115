import { gameCategoryName, HOT_TAB_NAMES, type GameItem, type Locale } from '@koi/contract';
import type { DbOrTx } from '../../db/client';
import type { PlayerGate } from '../auth';
import type { GameRow, GamesRepository } from './games.repository';
import { assertPlayable } from './playable';
import { createProviderCatalogue } from './provider-catalogue';

/** Shown first among the home tabs (spec §2: hot = 0). */
const HOT_TAB = { game_type_id: 0, name: HOT_TAB_NAMES.zh, icon: '/art/categories/0.svg', sort: 0 };

export interface LaunchTarget {
  /** Returns the URL that opens the game for this player. */
  launchUrl(game: GameRow, playerId: number): Promise<string>;
}

export function toGameItem(row: GameRow, locale: Locale): GameItem {
  return {
    id: row.id,
    name: locale === 'en' ? row.nameEn : row.nameZh,
    game_image: row.gameImage,
    image: row.image,
    status: row.status,
    open_type: row.openType,
    plat_type_id: row.platTypeId,
    game_type_id: row.gameTypeId,
    game_code: row.gameCode,
    is_hot: row.isHot,
  };
}

export function createGamesService(deps: {
  db: DbOrTx;
  repo: GamesRepository;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  launcher: LaunchTarget;
}) {
  const { db, repo } = deps;
  return {
    ...createProviderCatalogue(db),

    /** One game of the catalogue, whatever its status (callers check whether it may be played). */
    findGame: (platTypeId: number, gameCode: string) => repo.findGame(platTypeId, gameCode),

    async list(
      q: {
        game_type?: number;
        plat_type?: number;
        keyword: string;
        is_hot?: boolean;
        page: number;
        size: number;
      },
      locale: Locale,
    ) {
      const { rows, total } = await repo.listGames({
        gameTypeId: q.game_type || undefined,
        platTypeId: q.plat_type || undefined,
        keyword: q.keyword.trim() || undefined,
        hotOnly: q.is_hot,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { data: rows.map((r) => toGameItem(r, locale)), total };
    },

    async hot(q: { page: number; size: number }, locale: Locale) {
      const { rows, total } = await repo.listGames({
        hotOnly: true,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { data: rows.map((r) => toGameItem(r, locale)), total };
    },

    platList: (gameTypeId?: number) => repo.listCategoryProviders(gameTypeId || undefined),

    /** The home tabs: hot first, then the categories that have a tab position. */
    async categories() {
      const categories = await repo.listCategories();
      const tabs = categories
        .filter((c) => c.tabSort !== null)
        .sort((a, b) => (a.tabSort ?? 0) - (b.tabSort ?? 0))
        .map((c) => ({
          game_type_id: c.id,
          name: gameCategoryName(c.id, 'zh-CN', 'tab') ?? c.name,
          icon: c.icon,
          sort: c.tabSort ?? 0,
        }));
      return [HOT_TAB, ...tabs];
    },

    async launch(playerId: number, platTypeId: number, gameCode: string): Promise<{ url: string }> {
      const game = await repo.findGame(platTypeId, gameCode);
      assertPlayable(game);
      await deps.gate.assertMayPlay(playerId);
      return { url: await deps.launcher.launchUrl(game, playerId) };
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
