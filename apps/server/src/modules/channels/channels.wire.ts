import type { z } from 'zod';
import type {
  adminChannelOrder,
  adminPayChannel,
  ChannelOrderResult,
  inoutRecord,
  PayChannel,
} from '@koi/contract';
import { RecordStatus } from '@koi/contract';
import { formatHundredths, formatMicro, formatPlain } from '@koi/ledger';
import type { ChannelOrderRow } from './channels.repository';
import type { ChannelOrderView, ChannelView } from './channels.service';
import { inoutRecordWire, type DepositRecordRow } from '../deposits';
import { ChannelOrderStatus } from './channels.schema';
import { stateNames } from '../../lib/state-names';

const amount4 = (micro: bigint) => formatMicro(micro, 4);

export function payChannelWire(c: ChannelView): PayChannel {
  return {
    id: c.id,
    name: c.name,
    icon: c.icon,
    min_amount: formatPlain(c.minMicro),
    max_amount: formatPlain(c.maxMicro),
    fee_fixed: formatPlain(c.feeFixedMicro),
    fee_rate: formatHundredths(c.feeBp),
    currency: c.currency,
    rate: c.rate,
  };
}

export function adminPayChannelWire(c: ChannelView): z.infer<typeof adminPayChannel> {
  return {
    ...payChannelWire(c),
    code: c.code,
    adapter: c.adapter,
    enabled: c.enabled,
    sort: c.sort,
    available: c.available,
  };
}

/** Internal channel order states onto the spec's record status 1–3 (decision 21). */
export const CHANNEL_RECORD_STATUS: Record<number, number> = {
  [ChannelOrderStatus.COMPLETED]: RecordStatus.COMPLETED,
  [ChannelOrderStatus.PENDING]: RecordStatus.PENDING_REVIEW,
  [ChannelOrderStatus.REVIEW]: RecordStatus.PENDING_REVIEW,
  [ChannelOrderStatus.FAILED]: RecordStatus.REJECTED,
};

/** A channel order as an inout-records row (type 1), beside the TRC20 deposits. */
export function channelRecordWire(r: DepositRecordRow, locale: string): z.infer<typeof inoutRecord> {
  return inoutRecordWire(r, locale, CHANNEL_RECORD_STATUS);
}

export function channelOrderWire(o: ChannelOrderView): ChannelOrderResult {
  return {
    order_id: o.orderNo,
    channel_id: o.channelId,
    channel_name: o.channelName,
    amount: amount4(o.amountMicro),
    fee: amount4(o.feeMicro),
    actual_amount: amount4(o.creditMicro),
    currency: o.currency,
    rate: o.rate,
    pay_amount: o.payAmount,
    pay_url: o.status === ChannelOrderStatus.PENDING ? o.payUrl : null,
    status: CHANNEL_RECORD_STATUS[o.status]!,
    created_at: o.createdAt.toISOString(),
    completed_at: o.completedAt?.toISOString() ?? null,
  };
}

export const CHANNEL_ORDER_STATES = stateNames(ChannelOrderStatus);

export function adminChannelOrderWire(r: {
  order: ChannelOrderRow;
  channelName: string;
  reason: string | null;
}): z.infer<typeof adminChannelOrder> {
  const o = r.order;
  return {
    order_id: o.orderNo,
    channel_name: r.channelName,
    player_id: o.playerId,
    amount: amount4(o.amountMicro),
    fee: amount4(o.feeMicro),
    currency: o.currency,
    pay_amount: o.payAmount,
    status: CHANNEL_ORDER_STATES.name(o.status),
    channel_order_id: o.providerRef,
    note: o.note,
    queue_reason: r.reason,
    created_at: o.createdAt.toISOString(),
    completed_at: o.completedAt?.toISOString() ?? null,
  };
}
