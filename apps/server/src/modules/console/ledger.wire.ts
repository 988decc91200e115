import { formatMicro, formatSigned, transferCodeName } from '@koi/ledger';
import type { AdjustmentRow, AdminTransferRow, Locale } from '@koi/contract';
import type { AdjustmentRequest } from '../wallet';

/** The console's ledger values on the snake_case wire (decision 3): amounts as decimal strings. */

export function adjustmentWire(req: AdjustmentRequest, username: string): AdjustmentRow {
  return {
    id: req.id,
    player_id: req.playerId,
    username,
    amount: formatSigned(req.amountMicro),
    reason: req.reason,
    status: req.status as AdjustmentRow['status'],
    requested_by: req.requestedBy,
    requested_at: req.requestedAt.toISOString(),
    decided_by: req.decidedBy,
    decided_at: req.decidedAt ? req.decidedAt.toISOString() : null,
    decision_reason: req.decisionReason,
    transfer_id: req.transferId === null ? null : req.transferId.toString(),
    needs_approval: req.needsApproval,
  };
}

export function transferWire(
  t: {
    id: string;
    key: string;
    code: number;
    state: number;
    amountMicro: bigint;
    debitAccountId: string;
    creditAccountId: string;
    debitLabel: string;
    creditLabel: string;
    referenceType: string;
    referenceId: string;
    metadata: unknown;
    createdAt: Date;
    resolvedAt: Date | null;
  },
  locale: Locale,
): AdminTransferRow {
  return {
    id: t.id,
    key: t.key,
    code: t.code,
    code_name: transferCodeName(t.code, locale),
    state: t.state,
    amount: formatMicro(t.amountMicro),
    debit_account_id: t.debitAccountId,
    debit_label: t.debitLabel,
    credit_account_id: t.creditAccountId,
    credit_label: t.creditLabel,
    reference_type: t.referenceType,
    reference_id: t.referenceId,
    metadata: t.metadata,
    created_at: t.createdAt.toISOString(),
    resolved_at: t.resolvedAt ? t.resolvedAt.toISOString() : null,
  };
}

export const systemAccountWire = (a: {
  name: string;
  currency: string;
  balanceMicro: bigint;
  pendingDebitsMicro: bigint;
  pendingCreditsMicro: bigint;
  shards: number;
}) => ({
  name: a.name,
  currency: a.currency,
  balance: formatMicro(a.balanceMicro),
  pending_debits: formatMicro(a.pendingDebitsMicro),
  pending_credits: formatMicro(a.pendingCreditsMicro),
  shards: a.shards,
});
