import { randomBytes, randomInt } from 'node:crypto';
import { sign, signed } from './signature';
import type { Order, OrderStore } from './store';

export interface NotifySettings {
  /** Copies of each notification (the first retries until acknowledged; the others are sent once each). */
  repeats: number;
  /** Each copy waits a random 0..spreadMs first, so copies and notifications of different orders interleave. */
  spreadMs: number;
  /** Waits between retries of an unacknowledged first copy; its length bounds the attempts. */
  retryMs: number[];
}

export const DEFAULT_NOTIFY: NotifySettings = {
  repeats: 3,
  spreadMs: 300,
  retryMs: [500, 1000, 2000, 5000, 10_000, 30_000],
};

export type ForgeKind =
  | 'bad_signature'
  | 'tampered_amount'
  | 'signed_wrong_amount'
  | 'signed_wrong_currency'
  | 'unknown_order'
  | 'signed_unpaid'
  | 'replay';

export interface Delivery {
  notify_id: string;
  channel_order_id: string;
  kind: 'genuine' | `forged:${ForgeKind}`;
  copy: number;
  attempt: number;
  body: Record<string, string>;
  /** HTTP status of the merchant's answer; null when there was none (refused, timed out). */
  status: number | null;
  answer: string;
  at: number;
}

const LOG_MAX = 2000;
const ANSWER_TIMEOUT_MS = 5000;

/**
 * Asynchronous notifications to the merchant's notify URL, the way hosted channels send them: signed JSON,
 * acknowledged by an HTTP 200 whose body is `success`; unacknowledged ones are retried on a schedule; and
 * each is delivered several times with random delays, so the merchant sees duplicates and out-of-order
 * arrivals (decision 14: Koi must credit once whatever arrives).
 */
export function createNotifier(opts: { secret: string; store: OrderStore; settings: NotifySettings }) {
  const timers = new Set<NodeJS.Timeout>();
  const log: Delivery[] = [];
  let closed = false;

  function later(ms: number, run: () => void) {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    timers.add(t);
  }

  function body(order: Order, notifyId: string, overrides: Partial<Record<string, string>> = {}) {
    return {
      notify_id: notifyId,
      merchant_id: order.merchantId,
      merchant_order_id: order.merchantOrderId,
      channel_order_id: order.channelOrderId,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      paid_at: order.status === 'paid' ? String(order.settledAt) : '',
      timestamp: String(Date.now()),
      nonce: randomBytes(8).toString('hex'),
      ...overrides,
    } as Record<string, string>;
  }

  async function post(
    url: string,
    payload: Record<string, string>,
    meta: Omit<Delivery, 'body' | 'status' | 'answer' | 'at'>,
  ) {
    const delivery: Delivery = { ...meta, body: payload, status: null, answer: '', at: Date.now() };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      delivery.status = res.status;
      delivery.answer = (await res.text()).slice(0, 200);
    } catch (error) {
      delivery.answer = `no answer: ${(error as Error).name}`;
    }
    log.push(delivery);
    if (log.length > LOG_MAX) log.shift();
    return delivery;
  }

  const acknowledged = (d: Delivery) => d.status === 200 && d.answer.trim() === 'success';

  /** Sends the notification of an order's final status (paid or cancelled): copies, retries, acknowledgement. */
  function notify(order: Order) {
    const notifyId = `N${order.channelOrderId}`;
    const { repeats, spreadMs, retryMs } = opts.settings;
    const attempt = async (n: number) => {
      const current = opts.store.get(order.channelOrderId);
      // Retries stop once any copy was acknowledged; the first attempt always goes out (it is a copy too).
      if (!current || (n > 1 && current.acknowledged)) return;
      const payload = signed(opts.secret, body(current, notifyId));
      const d = await post(current.notifyUrl, payload, {
        notify_id: notifyId,
        channel_order_id: current.channelOrderId,
        kind: 'genuine',
        copy: 1,
        attempt: n,
      });
      if (acknowledged(d)) opts.store.acknowledge(current.channelOrderId);
      else if (n <= retryMs.length) later(retryMs[n - 1]!, () => void attempt(n + 1));
    };
    later(randomInt(spreadMs + 1), () => void attempt(1));
    for (let copy = 2; copy <= repeats; copy += 1) {
      later(randomInt(spreadMs + 1) + copy, async () => {
        const current = opts.store.get(order.channelOrderId);
        if (!current) return;
        const payload = signed(opts.secret, body(current, notifyId));
        const d = await post(current.notifyUrl, payload, {
          notify_id: notifyId,
          channel_order_id: current.channelOrderId,
          kind: 'genuine',
          copy,
          attempt: 1,
        });
        if (acknowledged(d)) opts.store.acknowledge(current.channelOrderId);
      });
    }
  }

  /** One forged or replayed notification for an order, delivered once; answers the delivery. */
  async function forge(order: Order, kind: ForgeKind): Promise<Delivery | null> {
    const notifyId = `N${order.channelOrderId}`;
    const paid = { status: 'paid', paid_at: String(order.settledAt || Date.now()) };
    let payload: Record<string, string>;
    switch (kind) {
      case 'bad_signature':
        payload = signed(`${opts.secret}-forged`, body(order, notifyId, paid));
        break;
      case 'tampered_amount': {
        const genuine = signed(opts.secret, body(order, notifyId, paid));
        payload = { ...genuine, amount: tenTimes(order.amount) };
        break;
      }
      case 'signed_wrong_amount':
        payload = signed(opts.secret, body(order, notifyId, { ...paid, amount: tenTimes(order.amount) }));
        break;
      case 'signed_wrong_currency':
        payload = signed(
          opts.secret,
          body(order, notifyId, { ...paid, currency: order.currency === 'USDT' ? 'CNY' : 'USDT' }),
        );
        break;
      case 'unknown_order': {
        const id = `SBX${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
        payload = signed(
          opts.secret,
          body(order, `N${id}`, {
            ...paid,
            channel_order_id: id,
            merchant_order_id: `forged-${randomBytes(4).toString('hex')}`,
          }),
        );
        break;
      }
      case 'signed_unpaid':
        payload = signed(opts.secret, body(order, notifyId, paid));
        break;
      case 'replay': {
        const earlier = [...log]
          .reverse()
          .find((d) => d.channel_order_id === order.channelOrderId && d.kind === 'genuine');
        if (!earlier) return null;
        payload = { ...earlier.body };
        break;
      }
    }
    return post(order.notifyUrl, payload, {
      notify_id: payload.notify_id ?? notifyId,
      channel_order_id: order.channelOrderId,
      kind: `forged:${kind}`,
      copy: 1,
      attempt: 1,
    });
  }

  return {
    notify,
    forge,
    log: (channelOrderId?: string) =>
      channelOrderId ? log.filter((d) => d.channel_order_id === channelOrderId) : [...log],
    /** Stops every scheduled delivery (reset, shutdown). */
    cancelAll() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    clearLog: () => void log.splice(0),
    sign: (fields: Record<string, string>) => sign(opts.secret, fields),
  };
}

/** Ten times a decimal amount, as a string (a tampered amount that is clearly different). */
function tenTimes(amount: string): string {
  const [whole, frac = ''] = amount.split('.');
  const digits = `${whole}${frac}0`.replace(/^0+(?=\d)/, '');
  if (!frac) return digits;
  return `${digits.slice(0, -frac.length) || '0'}.${digits.slice(-frac.length)}`;
}

export type Notifier = ReturnType<typeof createNotifier>;
