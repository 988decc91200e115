import { z } from 'zod';
import { isoTime, listResult, optionalBody, pageRequest, rangePageRequest, timeRange } from './common';

/*
 * Invites and the agent programme (decision 26): the invite links, the broker calls of spec §7 and the
 * statements an agent can recompute. Payload fields the spec does not show are Koi's (decision 3): snake_case,
 * money as decimal USDT strings, rates as decimal fractions of the valid bet (0.005 = 0.5 %).
 */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式须为YYYY-MM-DD' })
  .describe('A UTC+8 day, YYYY-MM-DD');

/** POST /api/plat/invite: the player's two invite links and their QR codes. */
export const inviteResult = z.object({
  invite_code: z.string(),
  web: z.string().describe('`<origin>/?code=<invite_code>`'),
  bot: z
    .string()
    .nullable()
    .describe('`https://t.me/<bot>?start=<invite_code>`; null when Telegram is not configured'),
  web_qr: z
    .string()
    .describe('PNG data URL, 344 px, error correction H (the app draws its logo in the middle)'),
  bot_qr: z.string().nullable().describe('PNG data URL like web_qr; null with `bot`'),
});

/*
 * First deposits (首充): a member's first deposit ever, by any path (TRC20 or a payment channel), credited on a
 * UTC+8 day; a period's count (首充人数) and sum (首充金额) are of the members whose first deposit fell in it.
 */
const firstDepositCount = z
  .number()
  .int()
  .describe('Members whose first deposit ever was credited in the period (首充人数)');
const firstDepositAmount = z.string().describe('Sum of those first deposits, USDT (首充金额)');

const categoryRate = z.object({
  game_type_id: z.number().int().describe('Game category 1–7'),
  rate: z.string().describe('Commission rate as a fraction of the valid bet'),
});

/** One tier of the tier table: from this team valid bet (per UTC+8 day) on, these rates apply. */
export const agentTier = z.object({
  level: z.number().int(),
  min_team_valid: z.string().describe('Team valid bets of the day from which the tier applies (USDT)'),
  rates: z.array(categoryRate),
});

/** POST /api/plat/broker/template */
export const brokerTemplateResult = z.object({ tiers: z.array(agentTier) });

/** POST /api/plat/broker/info */
export const brokerInfoResult = z.object({
  invite_code: z.string(),
  level: z.number().int().describe('Tier level reached today by team valid bets (0 = below the first tier)'),
  rates: z.array(categoryRate).describe("Today's rates by category"),
  team_size: z.number().int().describe('Members below the agent, every level'),
  direct_count: z.number().int(),
  today_team_valid: z.string(),
  yesterday_team_valid: z.string(),
  commission_pending: z
    .string()
    .describe("Today's commission so far, estimated; paid after the day is settled"),
  commission_yesterday: z.string(),
  commission_paid: z.string().describe('All commission paid into the wallet'),
  today_first_deposit_count: firstDepositCount,
  today_first_deposit_amount: firstDepositAmount,
  yesterday_first_deposit_count: firstDepositCount,
  yesterday_first_deposit_amount: firstDepositAmount,
});

/** POST /api/plat/broker/play/out: members' valid bets and results by member and day. */
export const brokerPlayOutRequest = rangePageRequest(2);
export const brokerPlayOutRow = z.object({
  player_name: z.string().describe('Masked'),
  depth: z.number().int().describe('1 = direct downline'),
  day,
  bet_count: z.number().int(),
  valid_bet: z.string(),
  payout: z.string(),
  profit: z.string().describe("The member's result (payout − stake), signed"),
});
export const brokerPlayOutResult = listResult(brokerPlayOutRow);

/** POST /api/plat/broker/player/log: members' registrations and activity. */
export const brokerPlayerLogRequest = rangePageRequest(3);
export const brokerPlayerLogRow = z.object({
  player_name: z.string().describe('Masked'),
  depth: z.number().int(),
  joined_at: isoTime,
  first_bet_day: day.nullable().describe('First day in the range with a valid bet'),
  last_bet_day: day.nullable().describe('Last day in the range with a valid bet'),
  valid_bet: z.string().describe('Valid bets in the range'),
  first_deposit: z
    .string()
    .nullable()
    .describe("The member's first deposit ever, USDT, whatever the range; null before any deposit"),
  first_deposit_at: isoTime.nullable().describe('When that first deposit was credited'),
});
export const brokerPlayerLogResult = listResult(brokerPlayerLogRow).extend({
  first_deposit_count: firstDepositCount.describe(
    'Team members (every level) whose first deposit ever was credited in the range (首充人数)',
  ),
  first_deposit_amount: firstDepositAmount,
});

/** POST /api/plat/broker/superior/performance: my performance as my upline sees it. */
export const brokerSuperiorRequest = optionalBody(z.strictObject({ range: timeRange }), { range: 3 });
export const brokerSuperiorRow = z.object({
  day,
  settled: z.boolean().describe('false for today (an estimate)'),
  own_valid: z.string().describe('My own valid bets'),
  team_valid: z.string().describe('My team valid bets'),
  my_level: z.number().int(),
  branch_valid: z.string().describe('What my branch (me and my team) adds to my upline'),
  upline_commission: z.string().describe("My upline's differential on my branch"),
  team_first_deposit_count: firstDepositCount.describe(
    "Members of my team (today's tree) whose first deposit ever was credited that day (首充人数)",
  ),
  team_first_deposit_amount: firstDepositAmount,
});
export const brokerSuperiorResult = z.object({
  upline: z.string().nullable().describe("My upline's masked name; null at the top"),
  data: z.array(brokerSuperiorRow),
});

/** One agent's statement of one day (the summary). */
export const statementSummary = z.object({
  day,
  level: z.number().int(),
  team_valid: z.string(),
  commission: z.string(),
  lines: z.number().int(),
  bet_count: z.number().int(),
  rows_sha256: z.string().describe('SHA-256 (hex) of the statement CSV, byte for byte'),
  bets_sha256: z.string().describe('SHA-256 (hex) of the included settled-bet ids, ascending, one a line'),
  paid: z.boolean(),
});
/** POST /api/plat/broker/statements */
export const brokerStatementsRequest = pageRequest();
export const brokerStatementsResult = listResult(statementSummary);

/** POST /api/plat/broker/statement: one day's statement with every line and its CSV. */
export const brokerStatementRequest = z.strictObject({ day });
export const statementLine = z.object({
  downline: z.string().describe('Masked direct downline'),
  game_type_id: z.number().int(),
  branch_valid: z.string().describe("The downline's own plus team valid bets in this category"),
  own_rate: z.string(),
  own_part: z.string().describe('floor(branch_valid × own_rate)'),
  downline_team_valid: z.string(),
  downline_rate: z.string(),
  downline_part: z.string().describe('floor(downline_team_valid × downline_rate)'),
  differential: z
    .string()
    .describe(
      'own_part − downline_part (negative when the downline earns a higher rate); the commission is the sum, floored at 0',
    ),
});
export const brokerStatementResult = statementSummary.extend({
  lines_detail: z.array(statementLine),
  csv: z.string(),
  filename: z.string(),
  check_command: z.string().describe('The command that recomputes this statement from the bet records'),
});

/** The commission paid to the player, for the income page. */
export const commissionIncomeRequest = pageRequest();
export const commissionIncomeResult = z.object({
  total: z.number().int().describe('Settled days in all'),
  pending: z.string(),
  paid: z.string(),
  data: z.array(
    z.object({
      day,
      commission: z.string(),
      team_valid: z.string(),
      paid: z.boolean(),
      rows_sha256: z.string(),
    }),
  ),
});

export type InviteResult = z.infer<typeof inviteResult>;
export type AgentTier = z.infer<typeof agentTier>;
export type BrokerInfo = z.infer<typeof brokerInfoResult>;
export type BrokerPlayOutRow = z.infer<typeof brokerPlayOutRow>;
export type BrokerPlayerLogRow = z.infer<typeof brokerPlayerLogRow>;
export type BrokerPlayerLog = z.infer<typeof brokerPlayerLogResult>;
export type BrokerSuperior = z.infer<typeof brokerSuperiorResult>;
export type StatementSummary = z.infer<typeof statementSummary>;
export type BrokerStatement = z.infer<typeof brokerStatementResult>;
export type CommissionIncome = z.infer<typeof commissionIncomeResult>;
