import { gameCategoryName, HOT_TAB_NAMES, type Locale } from '@koi/contract';
import type { DbOrTx } from '../../db/client';
import type { PlayerGate } from '../auth';
import type { GameRow, GamesRepository } from './games.repository';
import { assertPlayable } from './playable';
import { createProviderCatalogue } from './provider-catalogue';
import { localName } from '../../lib/local-name';
import { pageWindow } from '../../lib/paging';

/** A tab of the home page: a category of the catalogue, or the hot tab (id 0). */
export interface CategoryTab {
  gameTypeId: number;
  name: string;
  icon: string;
  sort: number;
}

/** Shown first among the home tabs (spec §2: hot = 0). */
const hotTab = (locale: Locale): CategoryTab => ({
  gameTypeId: 0,
  name: locale === 'en' ? HOT_TAB_NAMES.en : HOT_TAB_NAMES.zh,
  icon: '/art/categories/0.svg',
  sort: 0,
});

/** A game's name in `namesOf`'s answer: its provider and code. */
export const gameKey = (providerId: number, gameCode: string) => `${providerId}:${gameCode}`;

export function createGamesService(deps: {
  db: DbOrTx;
  repo: GamesRepository;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
}) {
  const { db, repo } = deps;
  return {
    ...createProviderCatalogue(db),

    /** One game of the catalogue, whatever its status (callers check whether it may be played). */
    findGame: (platTypeId: number, gameCode: string) => repo.findGame(platTypeId, gameCode),

    /** A page of enabled games, filtered by category, provider, name and hotness. */
    list(q: {
      gameTypeId?: number;
      providerId?: number;
      keyword: string;
      hotOnly?: boolean;
      page: number;
      size: number;
    }): Promise<{ rows: GameRow[]; total: number }> {
      return repo.listGames({
        gameTypeId: q.gameTypeId || undefined,
        platTypeId: q.providerId || undefined,
        keyword: q.keyword.trim() || undefined,
        hotOnly: q.hotOnly,
        ...pageWindow(q),
      });
    },

    /** A page of the games marked hot. */
    hot(q: { page: number; size: number }): Promise<{ rows: GameRow[]; total: number }> {
      return repo.listGames({ hotOnly: true, ...pageWindow(q) });
    },

    /** Per category, the providers with enabled games in it and how many. */
    platList: (gameTypeId?: number) => repo.listCategoryProviders(gameTypeId || undefined),

    /**
     * Names for the records of rounds played, in a language: each provider's by id, each game's by `gameKey`
     * (absent for a game no longer in the catalogue; the record then shows its code).
     */
    async namesOf(keys: { providerId: number; gameCode: string }[], locale: Locale = 'zh-CN') {
      const found = await repo.namesOf(keys);
      return {
        providers: new Map(found.providers.map((p) => [p.id, localName(p.name, p.nameEn, locale)])),
        games: new Map(
          found.games.map((g) => [gameKey(g.providerId, g.gameCode), localName(g.name, g.nameEn, locale)]),
        ),
      };
    },

    /** Every category's name by id (the win/loss report's rows). */
    async categoryNames(): Promise<Map<number, string>> {
      return new Map((await repo.listCategories()).map((c) => [c.id, c.name]));
    },

    /**
     * The home tabs in a language: hot first, then the categories that have a tab position. A category's
     * label is the contract's (enums.ts keeps both languages of the seven categories); an id the contract
     * does not know shows the name stored with it.
     */
    async categories(locale: Locale): Promise<CategoryTab[]> {
      const categories = await repo.listCategories();
      const tabs = categories
        .filter((c) => c.tabSort !== null)
        .sort((a, b) => (a.tabSort ?? 0) - (b.tabSort ?? 0))
        .map((c) => ({
          gameTypeId: c.id,
          name: gameCategoryName(c.id, locale, 'tab') ?? c.name,
          icon: c.icon,
          sort: c.tabSort ?? 0,
        }));
      return [hotTab(locale), ...tabs];
    },

    /**
     * The game a player asks to open, once it may be played now (enabled, its provider enabled, not in
     * maintenance) and the player may play (not frozen or self-excluded); the providers module opens it.
     */
    async launchable(playerId: number, platTypeId: number, gameCode: string): Promise<GameRow> {
      const game = await repo.findGame(platTypeId, gameCode);
      assertPlayable(game);
      await deps.gate.assertMayPlay(playerId);
      return game;
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
