import { z } from 'zod';
import { intField, pagedListResult, pageQuery } from './common';

/**
 * POST /api/plat/bill-change: the player's account-change records (账变记录), newest first.
 * `type` filters by transfer code (TransferCode in @koi/ledger; 0 or absent = all); `time` is the spec's
 * time range 1 = yesterday, 2 = today, 3 = the last 7 days including today (days in UTC+8); absent = all.
 */
export const billChangeRequest = z
  .strictObject({
    type: intField({ min: 0, max: 99 }).optional().default(0).describe('Transfer code; 0 = all types'),
    time: intField({ min: 1, max: 3 }).optional().describe('1 = yesterday, 2 = today, 3 = last 7 days'),
    ...pageQuery,
  })
  .nullish();

export const billChange = z.object({
  id: z.string().describe('Entry id'),
  created_at: z.string().describe('ISO 8601 time of the change'),
  type: z.number().int().describe('Transfer code (1 deposit, 2 withdrawal, 3 bet, 4 win, 5 rollback, ...)'),
  type_name: z.string(),
  phase: z
    .enum(['posted', 'hold', 'post', 'void'])
    .describe(
      'posted = plain transfer; hold = amount frozen; post = frozen amount paid out; void = frozen amount returned',
    ),
  state: z
    .enum(['pending', 'completed', 'returned'])
    .optional()
    .describe(
      'On hold rows only, where the held transfer stands now: pending (still frozen), completed (paid), returned (voided)',
    ),
  amount: z.string().describe('Signed change of the available balance, 6 decimals ("-10.000000")'),
  balance_after: z.string().describe('Available balance after the change, 4 decimals rounded down'),
  reference_type: z.string(),
  reference_id: z.string(),
});
export const billChangeResult = pagedListResult(billChange);
export type BillChange = z.infer<typeof billChange>;

/** GET /api/user/list/balance?currency=USDT — the signed-in player's wallet balances. */
export const balanceListQuery = z.strictObject({
  currency: z.enum(['USDT']).optional().describe('Only this currency (the ledger holds USDT only)'),
});
export const walletBalance = z.object({
  currency: z.string(),
  balance: z.string().describe('Spendable balance, 4 decimals rounded down'),
  frozen: z.string().describe('Held by pending withdrawals, 4 decimals rounded down'),
  total: z.string().describe('balance + frozen, 4 decimals rounded down'),
});
export const balanceListResult = z.array(walletBalance);
export type BalanceItem = z.infer<typeof walletBalance>;
