import { z } from 'zod';
import { intField, isoTime, listResult, moneyString, optionalText, pageQuery, playerFields } from '../common';
import { reasonField } from './shared';

// Manual ledger adjustments with two-operator approval (ledger area)

export const AdjustmentStatus = {
  /** Above the approval threshold: waits for a second, different operator. */
  PENDING: 'pending',
  APPLIED: 'applied',
  REJECTED: 'rejected',
} as const;
export const adjustmentStatusSchema = z.enum(['pending', 'applied', 'rejected']);

/** POST /api/admin/players/:id/adjust */
export const adminAdjustRequest = z.strictObject({
  amount: moneyString.describe('Signed USDT: "12.5" credits the player, "-3" debits'),
  reason: reasonField,
  request_id: optionalText(64).describe(
    'Client idempotency id; a retry with the same id answers the same request',
  ),
});
export const adjustmentRow = z.object({
  id: z.number().int(),
  ...playerFields,
  amount: z.string().describe('Signed USDT'),
  reason: z.string(),
  status: adjustmentStatusSchema,
  requested_by: z.string(),
  requested_at: isoTime,
  decided_by: z.string().nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  transfer_id: z.string().nullable().describe('The ledger transfer once applied'),
  needs_approval: z.boolean(),
});
export const adminAdjustResult = adjustmentRow;

/** GET /api/admin/adjustments */
export const adminAdjustmentsQuery = z.strictObject({
  status: z.enum(['pending', 'applied', 'rejected', '']).optional().default(''),
  player_id: intField({ min: 0 }).optional(),
  ...pageQuery,
});
export const adminAdjustmentsResult = listResult(adjustmentRow);
/** POST /api/admin/adjustments/:id/approve (a different operator) and /reject */
export const adminAdjustmentDecisionRequest = z.strictObject({ reason: optionalText(256) });
export const adminAdjustmentDecisionResult = adjustmentRow;
export type AdjustmentRow = z.infer<typeof adjustmentRow>;
