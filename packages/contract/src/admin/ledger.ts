import { z } from 'zod';
import { intField, isoTime, listResult, optionalText } from '../common';
import { timeWindowPage } from './shared';

// Ledger explorer (ledger area)

/** GET /api/admin/ledger/transfers */
export const adminTransfersQuery = z.strictObject({
  player: optionalText(64).describe('Player id or username'),
  account_id: optionalText(20).describe('Ledger account id (either side)'),
  code: intField({ min: 0, max: 99 }).optional().describe('Transfer code; 0 or missing = all'),
  reference_type: optionalText(128),
  reference_id: optionalText(128),
  ...timeWindowPage(),
});
export const adminTransferRow = z.object({
  id: z.string(),
  key: z.string(),
  code: z.number().int(),
  code_name: z.string(),
  state: z.number().int().describe('1 posted, 2 pending, 3 pending posted, 4 pending voided'),
  amount: z.string(),
  debit_account_id: z.string(),
  debit_label: z.string().describe('player:<id> <username> or the system account name'),
  credit_account_id: z.string(),
  credit_label: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  metadata: z.unknown().nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export const adminTransfersResult = listResult(adminTransferRow);

/** GET /api/admin/ledger/system-accounts: each system account summed over its shards. */
export const adminSystemAccount = z.object({
  name: z.string(),
  currency: z.string(),
  balance: z.string().describe('credits_posted − debits_posted, signed'),
  pending_debits: z.string(),
  pending_credits: z.string(),
  shards: z.number().int(),
});
export const adminSystemAccountsResult = z.array(adminSystemAccount);

/** POST /api/admin/ledger/verify: runs ledger:verify now (recorded as ledger.verify in the audit log). */
export const adminLedgerVerifyResult = z.object({
  ok: z.boolean(),
  checked_at: isoTime,
  transfers: z.number().int(),
  entries: z.number().int(),
  violations: z.array(z.object({ invariant: z.string(), message: z.string() })),
});
export type AdminTransferRow = z.infer<typeof adminTransferRow>;
