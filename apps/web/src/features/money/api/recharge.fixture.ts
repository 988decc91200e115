import type { RechargeOrder } from './recharge';

/**
 * A new deposit order as POST /api/plat/recharge answers it: 100 USDT asked, 100.0001 to send (the unique
 * offset), 15 minutes to pay from the time of the call. A test overrides only what its scenario is about.
 */
export function rechargeOrderWire(over: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    order_id: 'D1',
    address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    qrcode: 'data:image/png;base64,iVBORw0KGgo=',
    amount: '100.0000',
    actual_amount: '100.0001',
    change_over_time: 15,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...over,
  };
}
