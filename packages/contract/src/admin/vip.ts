import { z } from 'zod';
import { flagField, intField, isoTime, listResult, moneyString, pageQuery, requiredText } from '../common';
import { dayField } from '../vip';

// VIP levels, rebate rates, contribution weights, rebate runs and the masters tournament (promotions area).
// Rates travel as integers in millionths (rate_ppm: 3500 = 0.35 %), weights in basis points (10000 = 100 %).

const usdt = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { message: '须为非负金额，最多6位小数' })
  .describe('USDT');

export const adminVipLevel = z.object({
  level: intField({ min: 0, max: 10 }),
  threshold: usdt,
  level_up_reward: usdt,
  monthly_reward: usdt,
  check_in_reward: usdt
    .optional()
    .default('0')
    .describe('USDT a daily check-in pays at this level; 0 = none'),
  rates: z
    .array(
      z.object({ game_type_id: intField({ min: 1, max: 7 }), rate_ppm: intField({ min: 0, max: 100_000 }) }),
    )
    .max(7),
});
export const adminVipTableResult = z.object({
  levels: z.array(
    z.object({
      level: z.number().int(),
      threshold: moneyString,
      level_up_reward: moneyString,
      monthly_reward: moneyString,
      check_in_reward: moneyString,
      rates: z.array(z.object({ game_type_id: z.number().int(), rate_ppm: z.number().int() })),
    }),
  ),
  weights: z.array(z.object({ game_type_id: z.number().int(), weight_bp: z.number().int() })),
  settings: z.object({
    rebate_auto_credit: z.boolean(),
    rebate_turnover_centis: z.number().int(),
    reward_turnover_centis: z.number().int(),
  }),
});
/** POST /api/admin/vip/levels: the whole table, levels 0..N in order, thresholds rising. */
export const adminVipLevelsRequest = z.strictObject({ levels: z.array(adminVipLevel).min(1).max(11) });
/** POST /api/admin/vip/weights */
export const adminVipWeightsRequest = z.strictObject({
  weights: z
    .array(
      z.object({ game_type_id: intField({ min: 1, max: 7 }), weight_bp: intField({ min: 0, max: 10_000 }) }),
    )
    .max(7),
});
/** POST /api/admin/vip/settings */
export const adminVipSettingsRequest = z.strictObject({
  rebate_auto_credit: flagField(),
  rebate_turnover_centis: intField({ min: 0, max: 10_000 }),
  reward_turnover_centis: intField({ min: 0, max: 10_000 }),
});
export const adminOkResult = z.object({ ok: z.literal(true) });

export const adminRebateRun = z.object({
  day: z.string(),
  players: z.number().int(),
  valid_bet: moneyString,
  amount: moneyString,
  runs: z.number().int(),
  last_added: z.number().int().describe('Rebates the last run added (0: re-running changed nothing)'),
  first_run_at: isoTime,
  last_run_at: isoTime,
});
/** GET /api/admin/vip/rebate-runs */
export const adminRebateRunsQuery = z.strictObject({ ...pageQuery });
export const adminRebateRunsResult = listResult(adminRebateRun);
/** POST /api/admin/vip/rebate-runs: settle (or re-run) one finished day. */
export const adminRebateRunRequest = z.strictObject({ day: dayField });
export const adminRebateRunResult = z.object({
  run: adminRebateRun,
  added: z.number().int(),
  added_amount: moneyString,
  before: adminRebateRun.nullable().describe('The day before this run, to compare'),
});
/** POST /api/admin/vip/month-end */
export const adminMonthEndRequest = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: '月份格式须为 YYYY-MM' }),
});
export const adminMonthEndResult = z.object({ added: z.number().int(), amount: moneyString });

export const adminTournamentPrize = z.object({ rank: intField({ min: 1, max: 1000 }), amount: usdt });
export const adminTournament = z.object({
  id: z.number().int(),
  name: z.string(),
  start_day: z.string(),
  end_day: z.string(),
  top_n: z.number().int(),
  turnover_centis: z.number().int(),
  status: z.number().int().describe('1 open, 2 paid'),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
});
/** GET /api/admin/vip/tournaments */
export const adminTournamentsResult = z.array(adminTournament);
/** POST /api/admin/vip/tournaments and /api/admin/vip/tournaments/:id */
export const adminTournamentRequest = z.strictObject({
  name: requiredText(64),
  start_day: dayField,
  end_day: dayField,
  top_n: intField({ min: 1, max: 100 }),
  turnover_centis: intField({ min: 0, max: 10_000 }),
  prizes: z.array(adminTournamentPrize).max(100),
});
export const adminTournamentParams = z.strictObject({ id: intField({ min: 1 }) });
/** GET /api/admin/vip/tournaments/:id: the period, prizes, live standings and payouts. */
export const adminTournamentDetail = z.object({
  period: adminTournament,
  prizes: z.array(z.object({ rank: z.number().int(), amount: moneyString })),
  standings: z.array(
    z.object({ rank: z.number().int(), player_id: z.number().int(), name: z.string(), score: moneyString }),
  ),
  payouts: z.array(
    z.object({
      rank: z.number().int(),
      player_id: z.number().int(),
      score: moneyString,
      amount: moneyString,
      status: z.number().int(),
      paid_at: isoTime.nullable(),
    }),
  ),
});
/** POST /api/admin/vip/tournaments/:id/pay */
export const adminTournamentPayResult = z.object({ paid: z.number().int() });
