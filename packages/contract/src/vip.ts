import { z } from 'zod';
import { intField, isoTime, listResult, moneyString, pageQuery } from './common';

/*
 * VIP levels, rewards, rebates (返水) and the masters tournament (spec §2 vipInfo, backRecords, income,
 * /reward; spec §7 /api/vip/list and /api/task/competition/period; decisions 24, 29, 36). Amounts are USDT
 * decimal strings; rates and weights are percent strings ("0.35" = 0.35 %).
 */

/** Spec §3 reward types: 1 level-up, 2 month-end, 3 check-in. */
export const VipRewardType = { LEVEL_UP: 1, MONTH_END: 2, CHECK_IN: 3 } as const;
/** A reward's or rebate's state: 1 claimable, 2 claimed. */
export const ClaimState = { CLAIMABLE: 1, CLAIMED: 2 } as const;

/** A day on the wire: YYYY-MM-DD, a UTC+8 calendar day. */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式须为 YYYY-MM-DD' })
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: '日期不存在',
    },
  );

export const vipCategoryRate = z.object({
  game_type_id: z.number().int().describe('Game category 1–7 (spec §3)'),
  rate: z.string().describe('Rebate rate in percent of the weighted valid bet, e.g. "0.35"'),
});
export const vipLevelRow = z.object({
  level: z.number().int(),
  threshold: moneyString.describe('Lifetime weighted valid bets that reach this level'),
  level_up_reward: moneyString,
  monthly_reward: moneyString,
  check_in_reward: moneyString.describe(
    'What a daily check-in pays at this level (reward type 3); "0" = none',
  ),
  rates: z.array(vipCategoryRate),
});
export const vipReward = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 level-up, 2 month-end, 3 check-in'),
  period: z
    .string()
    .describe('L<level> for a level-up, YYYY-MM for a month-end reward, YYYY-MM-DD for a check-in'),
  level: z.number().int(),
  amount: moneyString,
  status: z.number().int().describe('1 claimable, 2 claimed'),
  created_at: isoTime,
  claimed_at: isoTime.nullable(),
});

/** Today's VIP check-in (reward type 3): the UTC+8 day, the player's level and what it pays, and if done. */
export const vipCheckIn = z.object({
  day: z.string(),
  level: z.number().int(),
  amount: moneyString.describe('What today\'s check-in pays (or paid); "0" when the level pays none'),
  checked_in: z.boolean(),
});

/** GET /api/vip/list: the VIP table, the player's level and progress, and their rewards. */
export const vipListResult = z.object({
  level: z.number().int(),
  valid_bet: moneyString.describe('Lifetime weighted valid bets (the VIP points)'),
  next_level: z.number().int().nullable(),
  next_threshold: moneyString.nullable(),
  progress_bp: z.number().int().describe('Progress toward the next level in basis points (10000 = reached)'),
  levels: z.array(vipLevelRow),
  weights: z.array(z.object({ game_type_id: z.number().int(), weight: z.string() })),
  rewards: z.array(vipReward),
  claimable_total: moneyString.describe("Claimable rewards, today's check-in included"),
  check_in: vipCheckIn,
});

/** POST /api/vip/checkin: today's check-in, paid at once (its reward row is claimed). */
export const vipCheckInResult = z.object({ id: z.number().int(), day: z.string(), amount: moneyString });

/** POST /api/vip/reward/receive */
export const vipRewardReceiveRequest = z.strictObject({ id: intField({ min: 1 }) });
export const vipRewardReceiveResult = z.object({ id: z.number().int(), amount: moneyString });
/** POST /api/vip/reward/receive-all and /api/vip/rebate/receive-all */
export const vipReceiveAllResult = z.object({ count: z.number().int(), amount: moneyString });

export const rebateLine = z.object({
  game_type_id: z.number().int(),
  bet_count: z.number().int(),
  valid_bet: moneyString,
  weight: z.string().describe('Contribution in percent'),
  rate: z.string().describe('Rebate rate in percent'),
  amount: moneyString,
});
export const rebateRow = z.object({
  day: z.string().describe('UTC+8 day the bets settled on'),
  level: z.number().int(),
  valid_bet: moneyString,
  amount: moneyString,
  status: z.number().int().describe('1 claimable, 2 claimed'),
  created_at: isoTime,
  claimed_at: isoTime.nullable(),
  lines: z.array(rebateLine),
});
/** GET /api/vip/rebates (backRecords, income) */
export const rebatesQuery = z
  .strictObject({ status: intField({ min: 0, max: 2 }).optional().default(0), ...pageQuery })
  .describe('status 0 all, 1 claimable, 2 claimed');
export const rebatesResult = listResult(rebateRow).extend({ claimable: moneyString, claimed: moneyString });
/** POST /api/vip/rebate/receive */
export const rebateReceiveRequest = z.strictObject({ day: dayField });
export const rebateReceiveResult = z.object({ day: z.string(), amount: moneyString });

export const competitionStanding = z.object({
  rank: z.number().int(),
  name: z.string().describe('Masked username'),
  score: moneyString.describe('Weighted valid bets in the period'),
  prize: moneyString.nullable(),
});
export const competitionPeriod = z.object({
  id: z.number().int(),
  name: z.string(),
  start_day: z.string(),
  end_day: z.string(),
  starts_at: isoTime,
  ends_at: isoTime,
  status: z.number().int().describe('1 open, 2 paid'),
  top_n: z.number().int(),
});
/** GET /api/task/competition/period (and /leaderboard with a period id) */
export const competitionQuery = z.strictObject({ period_id: intField({ min: 1 }).optional() });
export const competitionResult = z.object({
  period: competitionPeriod.nullable(),
  prizes: z.array(z.object({ rank: z.number().int(), amount: moneyString })),
  top: z.array(competitionStanding),
  me: competitionStanding.nullable(),
});

/** POST /api/test/vip/settle (KOI_TEST_ROUTES only) */
export const vipTestSettleRequest = z.strictObject({ day: dayField.optional() });
export const vipTestSettleResult = z.object({ day: z.string(), added: z.number().int() });
