import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bilingualName, createdAt, flag, id, listed, micro, stakeLimits } from '../../db/columns';

/** How a provider holds player money while they play (decision 15). */
export const WalletModel = { SEAMLESS: 'seamless', TRANSFER: 'transfer', INTERNAL: 'internal' } as const;

export const gameProviders = pgTable('game_providers', {
  /** plat_type_id, 1–15 (spec §3). */
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  ...bilingualName(),
  walletModel: text('wallet_model').notNull(),
  brandImage: text('brand_image').notNull(),
  ...listed(),
});

export const gameCategories = pgTable('game_categories', {
  /** game_type_id, 1–7 (spec §3). */
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  /** Position among the home tabs; null keeps the category out of the tabs (it still has its all-games block). */
  tabSort: integer('tab_sort'),
  sort: integer('sort').notNull().default(0),
});

export const games = pgTable(
  'games',
  {
    id: id(),
    gameCode: text('game_code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    gameTypeId: smallint('game_type_id')
      .notNull()
      .references(() => gameCategories.id),
    platTypeId: smallint('plat_type_id')
      .notNull()
      .references(() => gameProviders.id),
    /** 1 playable, 2 maintenance, 3 coming soon, 4 stay tuned. */
    status: smallint('status').notNull().default(1),
    /** 2 opens /redirect (the game itself); 1 opens the provider's list (cateList). */
    openType: smallint('open_type').notNull().default(2),
    isHot: flag('is_hot', false),
    /** `enabled` false hides the game from players (the console's on/off switch), whatever its status. */
    ...listed(),
    image: text('image').notNull(),
    gameImage: text('game_image').notNull(),
    ...stakeLimits('bet'),
    /**
     * A provider game whose rules pay more than one win on one bet (free spins, bonus rounds, cash-outs).
     * Otherwise the seamless wallet accepts one win per bet: a second win with a new id is refused.
     */
    multiWin: flag('multi_win', false),
    /** The most a round's wins may be, as a multiple of its stake; null = PROVIDER_MAX_WIN_MULTIPLIER. */
    maxWinMultiplier: integer('max_win_multiplier'),
    /** The most a round's wins may be in micro-USDT; null = PROVIDER_MAX_WIN_PER_ROUND. */
    maxWinPerRoundMicro: micro('max_win_per_round_micro'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_provider_code_uq').on(t.platTypeId, t.gameCode),
    index('games_type_sort_idx').on(t.gameTypeId, t.sort, t.id),
    index('games_hot_idx').on(t.isHot, t.sort, t.id),
  ],
);
