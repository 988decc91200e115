import { z } from 'zod';
import { intField, moneyString, pageQuery, text } from './common';

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

/** POST /api/plat/inout-records (spec §7): deposits (and, later, withdrawals) of the player. */
export const inoutRecordsRequest = z
  .strictObject({
    range: intField({ min: 1, max: 3 })
      .optional()
      .default(2)
      .describe('1 yesterday, 2 today (default), 3 last 7 days'),
    type: intField({ min: 0, max: 2 }).optional().default(0).describe('0 all, 1 deposits, 2 withdrawals'),
    ...pageQuery,
  })
  .nullish()
  .transform((v) => v ?? { range: 2 as const, type: 0, page: 1, size: 20 });
export const inoutRecord = z.object({
  id: z.string().describe('Order id (reference)'),
  created_at: z.string(),
  type: z.number().int().describe('1 deposit, 2 withdrawal'),
  type_name: z.string(),
  channel: z.string().describe('USDT-TRC20 or the payment channel name'),
  amount: z.string().describe('Requested amount'),
  actual_amount: z.string().describe('Amount sent (deposit) or paid out (withdrawal)'),
  status: z.number().int().describe('1 completed, 2 pending review / waiting, 3 rejected / expired'),
  tx_hash: z.string().nullable(),
  reference: z.string(),
});
export const inoutRecordsResult = z.object({
  list: z.array(inoutRecord),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

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
