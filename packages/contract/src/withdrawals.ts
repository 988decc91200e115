import { z } from 'zod';
import { flagField, intField, isoTime, listResult, moneyString, optionalText, text } from './common';
import { queueStateFilter } from './admin/shared';

/**
 * Withdrawal addresses, the withdrawal password and withdrawals (spec §2 address and password panels, §7;
 * decisions 10, 12, 22, 23). Field names the spec lists are kept; the rest are ours, in snake_case.
 */

/** Decision 12: 1 = TRC20, 2 = money-transfer wallet by area code + phone, 3 = another wallet by address. */
export const ADDRESS_TYPES = ['1', '2', '3'] as const;

/** POST /api/plat/address-list */
export const withdrawAddress = z.object({
  id: z.number().int(),
  type: z.enum(ADDRESS_TYPES).describe('1 = TRC20, 2 = wallet by phone, 3 = other wallet'),
  address: z.string().describe('TRC20 or wallet address; for type 2 the phone number'),
  area: z.string().describe('Calling code without "+" (type 2 only, otherwise "")'),
  phone: z.string().describe('Phone number (type 2 only, otherwise "")'),
  created_at: z.string().describe('ISO 8601'),
  usable_at: z.string().describe('ISO 8601: the address can be used for withdrawals from then on'),
});
export const addressListResult = z.array(withdrawAddress);
export type WithdrawAddressWire = z.infer<typeof withdrawAddress>;

/**
 * POST /api/plat/bind-address. The schema only bounds the fields; each type's format is a business rule
 * answered with a Chinese message (HTTP 200), as the player app toasts it.
 */
export const bindAddressRequest = z.strictObject({
  type: z.string().max(2).describe("'1' TRC20, '2' wallet by phone, '3' other wallet"),
  address: optionalText(128).describe('TRC20 address, the phone number (type 2) or the wallet address'),
  area: optionalText(8).describe('Calling code for type 2, e.g. 86 or +86'),
  confirm_similar: flagField()
    .optional()
    .default(false)
    .describe('The player saw the look-alike warning (code 5008) and confirms this address'),
});

/** POST /api/plat/del-address: both must name the same address of the signed-in player. */
export const deleteAddressRequest = z.strictObject({
  address_id: intField({ min: 1 }),
  address: text(128),
});

/** POST /api/plat/set-password */
export const setWithdrawPasswordRequest = z.strictObject({ password: optionalText(64) });
/** POST /api/plat/update-password */
export const updateWithdrawPasswordRequest = z.strictObject({
  old_password: optionalText(64),
  new_password: optionalText(64),
});

/** POST /api/plat/withdraw-info: what the player needs to know before applying. */
export const withdrawInfoResult = z.object({
  available: z.string().describe('Spendable balance, 6 decimals'),
  min_amount: z.string(),
  max_amount: z.string(),
  fee_type: z.enum(['fixed', 'ratio']),
  fee: z.string().describe('Fixed fee in USDT, or the ratio in percent ("0.5" = 0.5 %)'),
  daily_count_limit: z.number().int(),
  daily_count_used: z.number().int(),
  daily_amount_limit: z.string(),
  daily_amount_used: z.string(),
  turnover_remaining: z.string().describe('Valid bets still required before a withdrawal (decision 23)'),
  password_set: z.boolean(),
  locked_minutes: z.number().int().describe('Minutes left of a wrong-password lock; 0 = not locked'),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoResult>;

/** POST /api/plat/withdraw-apply */
export const withdrawApplyRequest = z.strictObject({
  amount: moneyString,
  address_id: intField({ min: 1 }),
  password: optionalText(64),
  request_id: text(128)
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, { message: '须为8-128位字母、数字、-或_' }))
    .describe('Client-chosen id of this application; a retry with the same id returns the same withdrawal'),
});

export const WITHDRAWAL_STATES = ['applied', 'approved', 'paying', 'paid', 'rejected'] as const;
export type WithdrawalStateName = (typeof WITHDRAWAL_STATES)[number];

export const withdrawalWire = z.object({
  id: z.number().int(),
  request_id: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string().describe('amount + fee: what left the balance'),
  address_type: z.enum(ADDRESS_TYPES),
  address: z.string(),
  area: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  status: z.number().int().describe('Record status: 1 completed, 2 pending review/processing, 3 rejected'),
  tx_hash: z.string().nullable(),
  reason: z.string().nullable().describe('Why it was rejected'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawalWire = z.infer<typeof withdrawalWire>;
export const withdrawApplyResult = withdrawalWire;

// Operator console (finance): review queue, approve, reject (decision 22).

/** GET /api/admin/withdrawals?status= */
export const adminWithdrawalsQuery = z.strictObject({
  status: queueStateFilter(WITHDRAWAL_STATES).describe(
    'A state, "open" (applied, approved or paying; default) or "all"',
  ),
  attention: flagField()
    .optional()
    .describe('Only paying withdrawals waiting for a person: an unclear payout alerted, or a manual payout'),
  player_id: intField({ min: 1 }).optional().describe('Only this player'),
  address: optionalText(128).describe('Only withdrawals to this address'),
  min_amount: moneyString.optional().describe('Only withdrawals of at least this amount (USDT)'),
  page: intField({ min: 1, max: 100000 }).optional().default(1),
  size: intField({ min: 1, max: 50 }).optional().default(20),
});

export const withdrawalReviewContext = z.object({
  deposits: z.string().describe('Everything the player deposited (USDT)'),
  withdrawn: z
    .string()
    .describe(
      'Completed (paid) withdrawals of the player before this one (USDT, without fees); held ones not included',
    ),
  withdrawing: z
    .string()
    .describe("The player's other withdrawals still held: applied, approved or paying (USDT)"),
  previous_withdrawals: z.number().int(),
  open_withdrawals: z.number().int().describe('Other withdrawals of the player still open'),
  week_bets: z.object({
    bet_count: z.number().int(),
    stake: z.string(),
    payout: z.string(),
    profit: z.string(),
  }),
  recent_games: z
    .array(
      z.object({
        plat_name: z.string(),
        game_name: z.string(),
        bet_count: z.number().int(),
        stake: z.string(),
        profit: z.string(),
      }),
    )
    .describe("The player's most played games of the last 7 days with their win/loss"),
  turnover_remaining: z.string(),
  address_age_hours: z.number().int(),
  other_players: z.array(z.number().int()).describe('Other players who saved or withdrew to this address'),
  same_device_players: z
    .array(z.number().int())
    .describe("Other players who registered or signed in on one of this player's devices"),
  flags: z.array(z.string()).describe('Review flags; a flagged withdrawal is never approved automatically'),
});

export const adminWithdrawal = withdrawalWire.extend({
  player_id: z.number().int(),
  username: z.string(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable().describe("The first approver's operator username"),
  second_approved_by: z.number().int().nullable(),
  second_approved_by_name: z.string().nullable().describe("The second approver's operator username"),
  needs_second_approval: z
    .boolean()
    .describe('A first approval exists; a different operator must add the second'),
  two_operators_required: z
    .boolean()
    .describe('The amount is above the two-operator threshold: two different operators must approve'),
  payout_attempts: z.number().int(),
  last_payout_error: z.string().nullable(),
  paying_since: isoTime.nullable(),
  alerted_at: isoTime
    .nullable()
    .describe('When the unclear payout was raised for a person to settle (two operators); null otherwise'),
  manual_payout: z.boolean().describe('Paid by a person outside the rail (off-chain method)'),
  settlement: z
    .object({
      outcome: z.enum(['paid', 'failed']),
      reference: z.string().nullable().describe('The chain transaction, or the external payment reference'),
      note: z.string().nullable(),
      proposed_by: z.number().int(),
      proposed_by_name: z.string().nullable(),
      proposed_at: isoTime,
    })
    .nullable()
    .describe('The open settlement proposal, waiting for a second operator'),
  settled_by: z.number().int().nullable(),
  settled_by_name: z.string().nullable(),
  context: withdrawalReviewContext,
});
export const adminWithdrawalsResult = listResult(adminWithdrawal).extend({
  attention: z
    .object({ alerts: z.number().int(), manual: z.number().int() })
    .describe('Paying withdrawals waiting for a person: unclear payouts alerted, manual payouts'),
});

/** POST /api/admin/withdrawals/:id/settle/propose: the first of two operators settles a paying withdrawal. */
export const adminWithdrawalSettleRequest = z.strictObject({
  outcome: z.enum(['paid', 'failed']),
  reference: optionalText(160).describe(
    'For paid: the chain transaction (rail payout) or the external payment reference (manual payout)',
  ),
  note: optionalText(256).describe('What was checked; required for failed'),
});

/** POST /api/admin/withdrawals/:id/approve */
export const adminWithdrawalApproveRequest = z
  .strictObject({ reason: optionalText(256).describe('Optional note for the audit log') })
  .nullish();
/** POST /api/admin/withdrawals/:id/reject: the reason is shown to the player. */
export const adminWithdrawalRejectRequest = z.strictObject({
  reason: text(256).pipe(z.string().trim().min(1, { message: '不能为空' })),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/**
 * Payout methods (decision 35): type 1 (TRC20) is paid through the rail and always offered; types 2 and 3 are
 * offered only while an operator has enabled them, under the operator's display name, and paid by hand.
 */
export const payoutMethod = z.object({
  type: z.enum(ADDRESS_TYPES),
  name: z.string().describe('Display name shown to players'),
  enabled: z.boolean(),
  manual: z
    .boolean()
    .describe('Paid by a person outside the rail: recorded by one operator, confirmed by another'),
  updated_at: isoTime.nullable(),
});
/** GET /api/admin/withdrawals/payout-methods */
export const adminPayoutMethodsResult = z.array(payoutMethod);
/** POST /api/admin/withdrawals/payout-methods/:type (2 or 3) */
export const adminPayoutMethodParams = z.strictObject({ type: intField({ min: 1, max: 3 }) });
export const adminPayoutMethodRequest = z.strictObject({
  enabled: flagField(),
  name: text(64).describe('Display name for players (1–32 characters)'),
});
/** POST /api/plat/address-types: the address types the player may bind, with their display names. */
export const addressTypesResult = z.array(payoutMethod.pick({ type: true, name: true }));
