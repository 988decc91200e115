import type { z } from 'zod';
import type { depositLimit, inoutRecord, rechargeOrderResult, RechargeResult } from '@koi/contract';
import { RecordStatus } from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { LimitsView } from './deposits.limits';
import type { DepositRecordRow } from './deposits.repository';
import type { DepositOrderView } from './deposits.service';
import { DepositOrderStatus } from './deposits.schema';

/** Amounts of deposit orders are shown with 4 decimals: offsets are 0.0001 steps, so nothing is cut. */
const amount4 = (micro: bigint) => formatMicro(micro, 4);

/**
 * `sandboxWalletUrl` is set only where the server talks to the sandbox chain (decision 19): the popup then links
 * to the sandbox wallet page with this order's address and exact amount filled in.
 */
export function rechargeWire(o: DepositOrderView, sandboxWalletUrl: string | null = null): RechargeResult {
  const sandbox = sandboxWalletUrl
    ? {
        sandbox_wallet_url: `${sandboxWalletUrl}?${new URLSearchParams({ to: o.address, amount: amount4(o.actualAmountMicro) })}`,
      }
    : {};
  return {
    order_id: o.orderNo,
    address: o.address,
    qrcode: o.qrcode,
    amount: amount4(o.amountMicro),
    actual_amount: amount4(o.actualAmountMicro),
    change_over_time: o.minutes,
    expires_at: o.expiresAt.toISOString(),
    ...sandbox,
  };
}

/** Internal order states onto the spec's record status 1–3 (decision 21). */
const ORDER_RECORD_STATUS: Record<number, number> = {
  [DepositOrderStatus.COMPLETED]: RecordStatus.COMPLETED,
  [DepositOrderStatus.PENDING]: RecordStatus.PENDING_REVIEW,
  [DepositOrderStatus.EXPIRED]: RecordStatus.REJECTED,
};

export function rechargeOrderWire(
  o: DepositOrderView,
  sandboxWalletUrl: string | null = null,
): z.infer<typeof rechargeOrderResult> {
  return {
    ...rechargeWire(o, sandboxWalletUrl),
    status: ORDER_RECORD_STATUS[o.status]!,
    tx_id: o.txId,
    completed_at: o.completedAt?.toISOString() ?? null,
  };
}

/**
 * A deposit row as an inout-records row (type 1; the withdrawals module serves the list). `recordStatus` maps
 * the owner's order states onto the record status: TRC20 orders here, channel orders in the channels module.
 */
export function inoutRecordWire(
  r: DepositRecordRow,
  locale: string,
  recordStatus: Record<number, number> = ORDER_RECORD_STATUS,
): z.infer<typeof inoutRecord> {
  return {
    id: r.order_no,
    created_at: new Date(r.created_at).toISOString(),
    type: 1,
    type_name: locale === 'en' ? 'Deposit' : '充值',
    channel: r.channel,
    amount: amount4(BigInt(r.amount_micro)),
    actual_amount: amount4(BigInt(r.actual_amount_micro)),
    fee: BigInt(r.fee_micro) > 0n ? amount4(BigInt(r.fee_micro)) : null,
    status: recordStatus[r.status]!,
    tx_hash: r.kind === 'trc20' ? r.tx_id : null,
    reference: r.kind === 'channel' ? (r.tx_id ?? r.order_no) : r.order_no,
    withdrawal_state: null,
    reason: null,
  };
}

export function depositLimitWire(v: LimitsView): z.infer<typeof depositLimit> {
  const left = v.limitMicro === null ? null : v.limitMicro - v.usedMicro;
  return {
    period: v.period,
    limit: v.limitMicro === null ? null : amount4(v.limitMicro),
    used: amount4(v.usedMicro),
    left: left === null ? null : amount4(left > 0n ? left : 0n),
    pending: v.pending,
    pending_limit: v.pendingMicro === null ? null : amount4(v.pendingMicro),
    pending_effective_at: v.pendingEffectiveAt?.toISOString() ?? null,
  };
}
