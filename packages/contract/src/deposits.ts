import { z } from 'zod';
import {
  flagField,
  intField,
  listResult,
  moneyString,
  pagedListResult,
  optionalBody,
  pageQuery,
  text,
  timeRange,
} from './common';

/** An amount as the player app sends it: a decimal string (form) or a JSON number. */
const amountField = z
  .union([moneyString, z.number().finite()])
  .transform((v) => String(v))
  .describe('USDT amount, e.g. "100" or "100.5" (at most 4 decimals)');

/** POST /api/plat/recharge (spec §7): a USDT-TRC20 deposit order for the deposit popup. */
export const rechargeRequest = z.strictObject({ amount: amountField });
export const rechargeResult = z.object({
  order_id: z.string().describe('Public order id'),
  address: z.string().describe('TRON receiving address (T…, 34 characters)'),
  qrcode: z.string().describe('PNG data URL of a QR code of the address'),
  amount: z.string().describe('Requested amount, 4 decimals'),
  actual_amount: z
    .string()
    .describe('What to send, exactly: the amount plus a unique offset of 0.0000–0.0999 (4 decimals)'),
  change_over_time: z.number().int().describe('Validity of the order in minutes'),
  expires_at: z.string().describe('ISO 8601 end of validity'),
  sandbox_wallet_url: z
    .string()
    .optional()
    .describe(
      'Development and demos only: the sandbox wallet page prefilled with this address and amount; absent in production',
    ),
});
export type RechargeResult = z.infer<typeof rechargeResult>;

/** GET /api/plat/recharge/{order_id}: the order's state, polled by the popup. */
export const rechargeOrderParams = z.strictObject({ order_id: text(40) });
export const rechargeOrderResult = rechargeResult.extend({
  status: z
    .number()
    .int()
    .describe('Record status: 1 completed (credited), 2 waiting for payment, 3 expired'),
  tx_id: z.string().nullable().describe('TRON transaction that paid it, once credited'),
  completed_at: z.string().nullable(),
});
export type RechargeOrderState = z.infer<typeof rechargeOrderResult>;

/** POST /api/plat/inout-records (spec §7): deposits (and, later, withdrawals) of the player. */
export const inoutRecordsRequest = optionalBody(
  z.strictObject({
    range: timeRange,
    type: intField({ min: 0, max: 2 }).optional().default(0).describe('0 all, 1 deposits, 2 withdrawals'),
    ...pageQuery,
  }),
  { range: 2, type: 0, page: 1, size: 20 },
);
export const inoutRecord = z.object({
  id: z.string().describe('Order id (reference)'),
  created_at: z.string(),
  type: z.number().int().describe('1 deposit, 2 withdrawal'),
  type_name: z.string(),
  channel: z.string().describe('USDT-TRC20 or the payment channel name'),
  amount: z.string().describe('Requested amount'),
  actual_amount: z.string().describe('Amount sent (deposit) or paid out (withdrawal)'),
  fee: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The fee of this movement: a payment channel deposit credits amount − fee; a withdrawal debits amount + fee. Null when there is none',
    ),
  status: z.number().int().describe('1 completed, 2 pending review / waiting, 3 rejected / expired'),
  tx_hash: z.string().nullable(),
  reference: z.string(),
  withdrawal_state: z
    .enum(['applied', 'approved', 'paying', 'paid', 'rejected'])
    .nullable()
    .describe(
      'Withdrawals only (decision 22): applied = pending review; approved or paying = processing; null for deposits',
    ),
  reason: z
    .string()
    .nullable()
    .describe('Why a withdrawal was rejected (shown to the player); null otherwise'),
  step: z
    .string()
    .nullable()
    .optional()
    .describe("Withdrawals only: where it stands, in the player's language (each manual payout step too)"),
});
export const inoutRecordsResult = pagedListResult(inoutRecord);

/**
 * Deposit limits (responsible gambling, decision 18), set by the player in the security centre.
 * POST /api/plat/deposit-limits reads them; POST /api/plat/deposit-limits/set changes them: each of `day`,
 * `week`, `month` that is present is set ("" = no limit). Lowering applies at once; raising or removing
 * applies 24 hours later (`pending`).
 */
const limitField = z
  .union([moneyString, z.number().finite()])
  .transform((v) => String(v))
  .optional()
  .describe('USDT per period; "" removes the limit');
export const setDepositLimitsRequest = z
  .strictObject({ day: limitField, week: limitField, month: limitField })
  .refine((v) => v.day !== undefined || v.week !== undefined || v.month !== undefined, {
    message: '至少填写一项限额',
  });
export const depositLimit = z.object({
  period: z.enum(['day', 'week', 'month']).describe('Rolling 24 hours, 7 days, 30 days'),
  limit: z.string().nullable().describe('USDT; null = no limit'),
  used: z.string().describe('Deposited in the current window'),
  left: z.string().nullable().describe('Still allowed in the window; null = no limit'),
  pending: z.boolean().describe('A raise or removal is waiting for its 24 hours'),
  pending_limit: z.string().nullable(),
  pending_effective_at: z.string().nullable(),
});
export const depositLimitsResult = z.object({ limits: z.array(depositLimit) });
export type DepositLimit = z.infer<typeof depositLimit>;
export type DepositLimits = z.infer<typeof depositLimitsResult>;

// ---------------------------------------------------------------------------------------------------------
// Hosted payment channels (decision 14). Not Huione: `/api/pay/huione` does not exist.

/**
 * POST /api/pay/channel (spec §7, no body): the enabled channels. The app shows each beside USDT-TRC20 with
 * its limits, fee and rate; the "channel rate" of the spec is `rate` here.
 */
export const payChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().describe('Image path or URL; empty = none'),
  min_amount: z.string().describe('Smallest order in USDT'),
  max_amount: z.string().describe('Largest order in USDT'),
  fee_fixed: z.string().describe('Fixed fee per order in USDT'),
  fee_rate: z.string().describe('Fee ratio in percent of the amount, e.g. "1.5"'),
  currency: z.string().describe('What the channel charges in: USDT or a fiat code such as CNY'),
  rate: z.string().describe('Units of `currency` per 1 USDT ("1" for USDT)'),
});
export const payChannelsResult = z.array(payChannel);
export type PayChannel = z.infer<typeof payChannel>;

/**
 * POST /api/plat/iPay/rechargeOrder: an order on a channel. The player pays `pay_amount` `currency` on the
 * channel's page (`pay_url`) and is credited `actual_amount` USDT (amount − fee) once the channel confirms.
 * Refused (no order) while frozen or self-excluded, from a denied country, past the deposit limit, outside
 * the channel's limits. Policy: money paid for an order made before a freeze or self-exclusion is credited to
 * the player's balance all the same (it is theirs; never lost); the freeze keeps bets and withdrawals blocked.
 */
export const channelRechargeRequest = z.strictObject({
  channel_id: intField({ min: 1 }),
  amount: amountField,
});
export const channelOrderResult = z.object({
  order_id: z.string(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  amount: z.string().describe('USDT asked for, 4 decimals'),
  fee: z.string().describe('Channel fee in USDT'),
  actual_amount: z.string().describe('USDT credited on payment: amount − fee'),
  currency: z.string(),
  rate: z.string(),
  pay_amount: z.string().describe('What the channel charges, in `currency`'),
  pay_url: z.string().nullable().describe('The hosted payment page; null when the order failed'),
  status: z
    .number()
    .int()
    .describe('Record status: 1 completed (credited), 2 waiting for payment or under review, 3 failed'),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ChannelOrderResult = z.infer<typeof channelOrderResult>;
/** GET /api/plat/iPay/order/{order_id}: the order's state (the result screen after the channel's page). */
export const channelOrderParams = z.strictObject({ order_id: text(40) });

/** Console: a channel with everything an operator may change. */
export const adminPayChannel = payChannel.extend({
  code: z.string(),
  adapter: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  available: z
    .boolean()
    .describe('false: the adapter is not configured on this server (hidden from players)'),
});
export const adminPayChannelsResult = listResult(adminPayChannel);
const usdtText = moneyString.pipe(z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, { message: '须为USDT金额' }));
/** POST /api/admin/deposits/channels/{id}: any subset of the fields, with a reason (audited). */
export const adminPayChannelUpdateRequest = z
  .strictObject({
    enabled: flagField().optional(),
    name: text(40)
      .pipe(z.string().min(1, { message: '不能为空' }))
      .optional(),
    icon: text(300).optional(),
    min_amount: usdtText.optional(),
    max_amount: usdtText.optional(),
    fee_fixed: usdtText.optional(),
    fee_rate: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: '须为百分比，如 1.5' })
      .optional(),
    rate: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, { message: '须为汇率，如 7.2' })
      .optional(),
    sort: intField({ max: 10000 }).optional(),
    reason: text(256).pipe(z.string().min(1, { message: '不能为空' })),
  })
  .describe('Only the fields present change');
/** GET /api/admin/deposits/channel-orders */
export const adminChannelOrdersQuery = z.strictObject({
  status: z.enum(['all', 'pending', 'completed', 'failed', 'review']).optional().default('all'),
  ...pageQuery,
});
export const adminChannelOrder = z.object({
  order_id: z.string(),
  channel_name: z.string(),
  player_id: z.number().int(),
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  pay_amount: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'review']),
  channel_order_id: z.string().nullable(),
  note: z.string().nullable().describe('Why it failed or went to review'),
  queue_reason: z.string().nullable().describe('The unmatched-queue reason when queued'),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export const adminChannelOrdersResult = listResult(adminChannelOrder);
