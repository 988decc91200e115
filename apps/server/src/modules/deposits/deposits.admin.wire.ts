import type { z } from 'zod';
import type {
  adminChainTransfer,
  adminDepositAddress,
  adminDepositOrder,
  adminUnmatched,
  adminWatcherResult,
} from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { DepositsAdmin } from './deposits.admin';
import { UNMATCHED_STATES } from './deposits.admin';
import type { AdminTransferRow } from './deposits.admin.repository';
import type { DepositAddressRow, DepositOrderRow } from './deposits.schema';
import { ChainTransferStatus, DepositOrderStatus, UnmatchedSource } from './deposits.schema';
import { stateNames } from '../../lib/state-names';

/** The console's deposits wire: snake_case, 4-decimal amounts for orders, 6 for chain amounts. */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const usdt = (micro: bigint) => formatMicro(micro, 6);

export function depositAddressWire(
  a: DepositAddressRow & { openOrders?: number },
): z.infer<typeof adminDepositAddress> {
  return {
    id: a.id,
    address: a.address,
    label: a.label,
    enabled: a.enabled,
    open_orders: a.openOrders ?? 0,
    created_at: a.createdAt.toISOString(),
  };
}

export const ORDER_STATES = stateNames(DepositOrderStatus);

export function depositOrderWire(
  o: DepositOrderRow & { txId: string | null },
  names: Map<number, string>,
  now: Date,
): z.infer<typeof adminDepositOrder> {
  // A pending order past its time reads as expired even before the job has marked it (as the player sees it).
  const status =
    o.status === DepositOrderStatus.PENDING && o.expiresAt <= now ? DepositOrderStatus.EXPIRED : o.status;
  return {
    id: o.id,
    order_no: o.orderNo,
    player_id: o.playerId,
    username: names.get(o.playerId) ?? '',
    address: o.address,
    amount: formatMicro(o.amountMicro, 4),
    actual_amount: formatMicro(o.actualAmountMicro, 4),
    status: ORDER_STATES.name(status),
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    completed_at: iso(o.completedAt),
    tx_id: o.txId,
  };
}

export const TRANSFER_STATES = stateNames(ChainTransferStatus);

export function chainTransferWire(
  t: AdminTransferRow,
  names: Map<number, string>,
  usdtContract: string,
): z.infer<typeof adminChainTransfer> {
  return {
    id: t.id,
    tx_id: t.txId,
    event_key: t.eventKey,
    token_contract: t.tokenContract,
    token_symbol: t.tokenSymbol,
    official_token: t.tokenContract === usdtContract,
    from_address: t.fromAddress,
    to_address: t.toAddress,
    amount: usdt(t.amountMicro),
    block_time: t.blockTimestamp.toISOString(),
    confirmed: t.confirmed,
    confirmed_at: iso(t.confirmedAt),
    first_seen_at: t.firstSeenAt.toISOString(),
    status: TRANSFER_STATES.name(t.status),
    order_no: t.orderNo,
    player_id: t.playerId,
    username: t.playerId === null ? null : (names.get(t.playerId) ?? ''),
    unmatched_id: t.unmatchedId,
    unmatched_status: t.unmatchedStatus === null ? null : UNMATCHED_STATES.name(t.unmatchedStatus),
  };
}

type Decorated = Awaited<ReturnType<DepositsAdmin['unmatchedOne']>>;

export function unmatchedWire(d: Decorated): z.infer<typeof adminUnmatched> {
  const { row } = d;
  const detail = (row.detail ?? {}) as { order_no?: string | null };
  return {
    id: row.id,
    source: row.source === UnmatchedSource.CHAIN ? 'chain' : 'channel',
    amount: usdt(row.amountMicro),
    reason: row.reason,
    tx_id: row.transfer?.txId ?? null,
    from_address: row.transfer?.fromAddress ?? null,
    to_address: row.transfer?.toAddress ?? null,
    order_no: detail.order_no ?? null,
    order_player: d.orderPlayer,
    likely_player: d.likelyPlayer,
    status: UNMATCHED_STATES.name(row.status),
    match_player: d.matchPlayer,
    requested_by: row.requestedBy,
    requested_at: iso(row.requestedAt),
    note: row.note,
    resolved_by: row.resolvedBy,
    resolved_at: iso(row.resolvedAt),
    refund_reference: row.refundTxId,
    needs_approval: d.needsApproval,
    created_at: row.createdAt.toISOString(),
  };
}

export function watcherWire(
  w: Awaited<ReturnType<DepositsAdmin['watcher']>>,
): z.infer<typeof adminWatcherResult> {
  return {
    running: w.running,
    interval_ms: w.intervalMs,
    checked_at: w.checkedAt.toISOString(),
    data: w.rows.map(({ address, enabled, cursor: c, lagSeconds }) => ({
      address,
      enabled,
      min_timestamp: c && c.minTimestampMs > 0 ? new Date(c.minTimestampMs).toISOString() : null,
      fingerprint: Boolean(c?.fingerprint),
      last_block_time: c?.lastBlockMs ? new Date(c.lastBlockMs).toISOString() : null,
      last_polled_at: iso(c?.lastPolledAt),
      last_success_at: iso(c?.lastSuccessAt),
      lag_seconds: lagSeconds,
      failures: c?.failures ?? 0,
      last_error: c?.lastError ?? null,
      backoff_until: iso(c?.backoffUntil),
    })),
  };
}
