import { z } from 'zod';
import { intField, listResult, optionalBody, pageQuery, text, timeRange } from './common';
import { originalOutcome } from './originals';

const totals = {
  bet_count: z.number().int(),
  stake: z.string().describe('USDT staked'),
  payout: z.string().describe('USDT paid back'),
  profit: z.string().describe('Player profit (payout − stake), signed'),
};

/** POST /api/plat/bet-records: the player's bets summed per game. */
export const betRecordsRequest = optionalBody(
  z.strictObject({ range: timeRange, game_type: intField({ min: 0, max: 7 }).optional(), ...pageQuery }),
  { range: 2, page: 1, size: 20, game_type: undefined },
);
export const betRecordRow = z.object({
  plat_type_id: z.number().int(),
  plat_name: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  game_type_id: z.number().int(),
  ...totals,
});
export const betRecordsResult = listResult(betRecordRow).extend({ summary: z.object(totals) });

/** POST /api/plat/bet-detail: the rounds of one game, with the fairness data of originals. */
export const betDetailRequest = z.strictObject({
  plat_type_id: intField({ min: 1, max: 15 }),
  game_code: text(64).pipe(z.string().min(1, { message: '不能为空' })),
  range: timeRange,
  ...pageQuery,
});
export const roundFairness = z.object({
  game: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: originalOutcome,
  multiplier: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  server_seed: z.string().nullable().describe('Revealed once the player rotates the seed pair; null before'),
});
export const betDetailRow = z.object({
  round_id: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  stake: z.string(),
  payout: z.string(),
  profit: z.string(),
  status: z.number().int().describe('1 open, 2 settled, 3 rolled back'),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  fairness: roundFairness.nullable(),
});
export const betDetailResult = listResult(betDetailRow);

/** POST /api/plat/win-loss-report: totals per day and category. */
export const winLossRequest = optionalBody(z.strictObject({ range: timeRange }), { range: 2 });
export const winLossRow = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC+8)'),
  game_type_id: z.number().int(),
  category_name: z.string(),
  ...totals,
});
export const winLossResult = z.object({ data: z.array(winLossRow), total: z.object(totals) });

export type BetRecordRow = z.infer<typeof betRecordRow>;
export type BetDetailRow = z.infer<typeof betDetailRow>;
export type RoundFairness = z.infer<typeof roundFairness>;
export type WinLossRow = z.infer<typeof winLossRow>;
export type WinLossReport = z.infer<typeof winLossResult>;
