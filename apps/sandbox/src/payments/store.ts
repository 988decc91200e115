import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

export interface Order {
  channelOrderId: string;
  merchantId: string;
  merchantOrderId: string;
  amount: string;
  currency: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: OrderStatus;
  createdAt: number;
  expiresAt: number;
  /** When the person paid or cancelled (ms); 0 while pending. */
  settledAt: number;
  /** True once the merchant acknowledged a notification of the final status with `success`. */
  acknowledged: boolean;
}

const FILE = 'payments-orders.json';
export const ORDER_LIFETIME_MS = 30 * 60_000;

/**
 * The channel's orders, in memory and in `SANDBOX_DATA_DIR/payments-orders.json` (rewritten atomically on
 * each change: write a temporary file, then rename), so a restart keeps every order and re-sends the
 * notifications the merchant has not acknowledged.
 */
export function createOrderStore(dataDir: string) {
  const file = path.join(dataDir, FILE);
  let orders = new Map<string, Order>();
  let byMerchantOrder = new Map<string, string>();
  const key = (merchantId: string, merchantOrderId: string) => `${merchantId}\u0000${merchantOrderId}`;

  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    for (const o of JSON.parse(fs.readFileSync(file, 'utf8')) as Order[]) {
      orders.set(o.channelOrderId, o);
      byMerchantOrder.set(key(o.merchantId, o.merchantOrderId), o.channelOrderId);
    }
  }

  function save() {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([...orders.values()]));
    fs.renameSync(tmp, file);
  }

  /** Pending orders past their lifetime become expired when next looked at. */
  function fresh(o: Order | undefined): Order | undefined {
    if (o && o.status === 'pending' && Date.now() > o.expiresAt) {
      o.status = 'expired';
      o.settledAt = o.expiresAt;
      save();
    }
    return o;
  }

  return {
    get: (id: string) => fresh(orders.get(id)),
    byMerchantOrder: (merchantId: string, merchantOrderId: string) => {
      const id = byMerchantOrder.get(key(merchantId, merchantOrderId));
      return id ? fresh(orders.get(id)) : undefined;
    },
    /** Creates an order; the caller has checked that the merchant order id is new (no await in between). */
    create(
      fields: Omit<
        Order,
        'channelOrderId' | 'status' | 'createdAt' | 'expiresAt' | 'settledAt' | 'acknowledged'
      >,
    ): Order {
      const now = Date.now();
      const order: Order = {
        ...fields,
        channelOrderId: `SBX${now}${randomBytes(5).toString('hex').toUpperCase()}`,
        status: 'pending',
        createdAt: now,
        expiresAt: now + ORDER_LIFETIME_MS,
        settledAt: 0,
        acknowledged: false,
      };
      orders.set(order.channelOrderId, order);
      byMerchantOrder.set(key(order.merchantId, order.merchantOrderId), order.channelOrderId);
      save();
      return order;
    },
    /** pending → paid | cancelled, once; answers whether this call made the change. */
    settle(id: string, status: 'paid' | 'cancelled'): boolean {
      const order = fresh(orders.get(id));
      if (!order || order.status !== 'pending') return false;
      order.status = status;
      order.settledAt = Date.now();
      save();
      return true;
    },
    acknowledge(id: string) {
      const order = orders.get(id);
      if (order && !order.acknowledged) {
        order.acknowledged = true;
        save();
      }
    },
    unacknowledged: () =>
      [...orders.values()].filter(
        (o) => (o.status === 'paid' || o.status === 'cancelled') && !o.acknowledged,
      ),
    reset() {
      orders = new Map();
      byMerchantOrder = new Map();
      fs.rmSync(file, { force: true });
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
