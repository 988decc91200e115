import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, flag, id, micro, microTotal, state, ts, updatedAt } from '../../db/columns';

/** Reward and rebate states: claimable until the player (or the auto-credit) takes it, then claimed. */
export const ClaimStatus = { CLAIMABLE: 1, CLAIMED: 2 } as const;
/**
 * Spec §3 reward types: level-up (1), month-end (2) and the VIP daily check-in (3), whose amount is the
 * player's level's. (The check-in promotion, type 10, is a streak template of the promotions module.)
 */
export const RewardType = { LEVEL_UP: 1, MONTH_END: 2, CHECK_IN: 3 } as const;
export const PeriodStatus = { OPEN: 1, PAID: 2 } as const;

/** A turnover multiple in hundredths (100 = 1×) that an operator sets, 1× until then. */
const turnoverCentis = (name: string) => integer(name).notNull().default(100);

/** A reward's or rebate's claim: claimable from when it was granted until the player takes it. */
const claim = () => ({
  status: state('status', ClaimStatus.CLAIMABLE),
  createdAt: createdAt(),
  claimedAt: ts('claimed_at'),
});

/** One rank of a tournament period's leaderboard: the key of its prize and of its payout. */
const periodRank = () => ({
  periodId: bigintNumber('period_id').notNull(),
  rank: integer('rank').notNull(),
});

/**
 * The VIP table (decision 24): level 0–10, the lifetime weighted valid bets that reach it, and what reaching
 * it (once) and holding it at a month's end pay. Operators edit it in the console.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    level: smallint('level').primaryKey(),
    thresholdMicro: micro('threshold_micro').notNull(),
    levelUpRewardMicro: microTotal('level_up_reward_micro'),
    monthlyRewardMicro: microTotal('monthly_reward_micro'),
    /** What a daily check-in pays a player of this level (reward type 3); 0 = none. */
    checkInRewardMicro: microTotal('check_in_reward_micro'),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [
    check('vip_levels_level_ck', sql`${t.level} between 0 and 10`),
    check('vip_levels_check_in_ck', sql`${t.checkInRewardMicro} >= 0`),
    check(
      'vip_levels_amounts_ck',
      sql`${t.thresholdMicro} >= 0 and ${t.levelUpRewardMicro} >= 0 and ${t.monthlyRewardMicro} >= 0`,
    ),
  ],
);
export type LevelRow = typeof vipLevels.$inferSelect;

/** The rebate rate of a VIP level in one game category, in millionths of the valid bet (3500 = 0.35 %). */
export const vipRebateRates = pgTable(
  'vip_rebate_rates',
  {
    level: smallint('level').notNull(),
    gameTypeId: smallint('game_type_id').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.gameTypeId] }),
    check('vip_rebate_rates_ck', sql`${t.ratePpm} between 0 and 100000`),
  ],
);
export type RateRow = typeof vipRebateRates.$inferSelect;

/**
 * How much of a category's valid bet counts toward rebates, VIP progress and the tournament (decision 36), in
 * basis points (10000 = 100 %). A category without a row counts in full.
 */
export const vipCategoryWeights = pgTable(
  'vip_category_weights',
  {
    gameTypeId: smallint('game_type_id').primaryKey(),
    weightBp: integer('weight_bp').notNull(),
  },
  (t) => [check('vip_category_weights_ck', sql`${t.weightBp} between 0 and 10000`)],
);
export type WeightRow = typeof vipCategoryWeights.$inferSelect;

/** The operator's switches: one row (id 1). */
export const vipSettings = pgTable('vip_settings', {
  id: smallint('id').primaryKey(),
  /** Pay each day's rebates at once instead of leaving them for the player to claim. */
  rebateAutoCredit: flag('rebate_auto_credit', false),
  /** The turnover multiple (hundredths) of a rebate and of a VIP reward (decision 24: every credit has one). */
  rebateTurnoverCentis: turnoverCentis('rebate_turnover_centis'),
  rewardTurnoverCentis: turnoverCentis('reward_turnover_centis'),
  updatedAt: updatedAt().defaultNow(),
});
export type SettingsRow = typeof vipSettings.$inferSelect;

/**
 * A player's VIP standing. `points_micro` is the weighted valid bet of every day up to `settled_through`
 * (added by the daily run, with the weights in force then); the live progress adds the days after it from the
 * feed. `level` only rises.
 */
export const vipPlayers = pgTable('vip_players', {
  playerId: bigintNumber('player_id').primaryKey(),
  level: smallint('level').notNull().default(0),
  pointsMicro: microTotal('points_micro'),
  settledThrough: date('settled_through', { mode: 'string' }),
  updatedAt: updatedAt().defaultNow(),
});

/**
 * Level-up, month-end and check-in rewards: one per player, type and period (`L<level>`, `YYYY-MM`, the
 * check-in's UTC+8 day `YYYY-MM-DD`), so a second check-in of a day, however it races, inserts nothing.
 */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    type: smallint('type').notNull(),
    period: text('period').notNull(),
    level: smallint('level').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    ...claim(),
  },
  (t) => [
    uniqueIndex('vip_rewards_fact_uq').on(t.playerId, t.type, t.period),
    index('vip_rewards_player_idx').on(t.playerId, t.status),
    // "Was this month's month-end granted?" (the job asks every few minutes). A check-in row a player a day
    // makes the table large, and no other index starts with the period; this one holds month-end rows only.
    index('vip_rewards_month_end_idx')
      .on(t.period)
      .where(sql`${t.type} = ${sql.raw(String(RewardType.MONTH_END))}`),
    check('vip_rewards_amount_ck', sql`${t.amountMicro} > 0`),
  ],
);
export type RewardRow = typeof vipRewards.$inferSelect;

/** One settled UTC+8 day of rebates (the job's or an operator's run), with its totals. */
export const vipRebateRuns = pgTable('vip_rebate_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  players: integer('players').notNull(),
  validBetMicro: micro('valid_bet_micro').notNull(),
  amountMicro: micro('amount_micro').notNull(),
  firstRunAt: ts('first_run_at').notNull(),
  lastRunAt: ts('last_run_at').notNull(),
  runs: integer('runs').notNull().default(1),
  /** Rebates the last run added: 0 when re-running changed nothing. */
  lastAdded: integer('last_added').notNull(),
});
export type RebateRunRow = typeof vipRebateRuns.$inferSelect;

/**
 * One value of each line of a rebate, as an array column beside the others of its row (see vipRebates): never
 * null, and empty unless lines are written with the row.
 */
function lineValues<C>(column: { array(): { notNull(): { default(value: SQL): C } } }): C {
  return column
    .array()
    .notNull()
    .default(sql`'{}'`);
}

/**
 * A player's rebate of one UTC+8 day: the sum of its lines. The lines (the bets it came from: the day's valid
 * bet in one category, its weight, rate and amount) are kept on the row as parallel arrays, element i of each
 * for the same category, rather than as rows of their own: they are written once with the rebate, never
 * changed and only read with it, and a day of 100,000 players writes a third as many rows this way
 * (bench:promotions). rebateLines (vip.repository.ts) reads them back sorted by category.
 */
export const vipRebates = pgTable(
  'vip_rebates',
  {
    playerId: bigintNumber('player_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    level: smallint('level').notNull(),
    validBetMicro: micro('valid_bet_micro').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    ...claim(),
    lineGameTypeIds: lineValues(smallint('line_game_type_ids')),
    lineBetCounts: lineValues(integer('line_bet_counts')),
    lineStakesMicro: lineValues(micro('line_stakes_micro')),
    lineWeightsBp: lineValues(integer('line_weights_bp')),
    lineRatesPpm: lineValues(integer('line_rates_ppm')),
    lineAmountsMicro: lineValues(micro('line_amounts_micro')),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.day] }),
    index('vip_rebates_day_idx').on(t.day),
    check('vip_rebates_amount_ck', sql`${t.amountMicro} > 0`),
  ],
);
export type RebateRow = typeof vipRebates.$inferSelect;

/** A masters tournament period (decision 29): whole UTC+8 days, ranked by weighted valid bets. */
export const tournamentPeriods = pgTable(
  'tournament_periods',
  {
    id: id(),
    name: text('name').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** How many ranks the leaderboard shows. */
    topN: integer('top_n').notNull().default(20),
    turnoverCentis: turnoverCentis('turnover_centis'),
    status: state('status', PeriodStatus.OPEN),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    check('tournament_periods_days_ck', sql`${t.endDay} >= ${t.startDay}`),
    index('tournament_periods_days_idx').on(t.startDay, t.endDay),
  ],
);
export type PeriodRow = typeof tournamentPeriods.$inferSelect;

/** The prize of one rank of a period. */
export const tournamentPrizes = pgTable(
  'tournament_prizes',
  {
    ...periodRank(),
    amountMicro: micro('amount_micro').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.periodId, t.rank] }),
    check('tournament_prizes_ck', sql`${t.rank} >= 1 and ${t.amountMicro} > 0`),
  ],
);

/** The final ranking's prize winners, fixed once when the period is settled, and when each was paid. */
export const tournamentPayouts = pgTable(
  'tournament_payouts',
  {
    ...periodRank(),
    playerId: bigintNumber('player_id').notNull(),
    scoreMicro: micro('score_micro').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    status: state('status', ClaimStatus.CLAIMABLE),
    paidAt: ts('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.periodId, t.rank] }),
    uniqueIndex('tournament_payouts_player_uq').on(t.periodId, t.playerId),
  ],
);
