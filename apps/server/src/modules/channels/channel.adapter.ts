import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseAmount } from '@koi/ledger';

/*
 * Design note: payment channel adapters (decision 14).
 *
 * One interface, one HTTP client per channel system. The server never knows whether it talks to the sandbox
 * channel or a real one; only the configuration (base URL, merchant id, secret) differs (decision 19). An
 * adapter does three things: create an order (→ the hosted page's URL), verify a notification the channel
 * posted to us (signature, merchant, freshness), and query an order's status. It decides nothing about money:
 * the channels service compares what the channel says with the order it made and credits through the wallet.
 *
 * Trust. A notification is only a hint that something changed. Its signature proves it came from someone who
 * holds the secret, its timestamp bounds how long a captured copy can be replayed, and the service stores each
 * (notification id, nonce) once. Before money is credited, the service also asks the channel itself
 * (queryStatus, a request we make to the configured URL, answered with a signed body): a signed "paid" the
 * channel's own records do not confirm is refused.
 */

export type ChannelStatus = 'pending' | 'paid' | 'failed';

export interface ChannelOrderRequest {
  /** Our order id (the channel's merchant order id). */
  orderNo: string;
  /** In the channel's currency, as a decimal string the channel echoes back. */
  payAmount: string;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  subject: string;
}

export interface ChannelOrderState {
  channelOrderId: string;
  orderNo: string;
  amount: string;
  currency: string;
  status: ChannelStatus;
}

export interface ChannelNotification extends ChannelOrderState {
  /** The channel's notification id plus its nonce: unique per delivery, equal for an exact replay. */
  deliveryId: string;
  payload: Record<string, string>;
}

export type VerifiedNotification =
  | { ok: true; notification: ChannelNotification }
  | { ok: false; reason: 'signature' | 'merchant' | 'stale' | 'malformed' };

export interface PaymentChannelAdapter {
  createOrder(req: ChannelOrderRequest): Promise<{ channelOrderId: string; payUrl: string }>;
  verifyNotification(body: unknown): VerifiedNotification;
  queryStatus(channelOrderId: string): Promise<ChannelOrderState>;
  /** What the channel expects as the answer to a notification it need not send again. */
  readonly acknowledgement: string;
}

/** A failure talking to the channel; `retryable` when the outcome is unknown (timeout, 5xx, network). */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** How far a notification's timestamp may be from our clock: a captured copy is useless after this. */
export const NOTIFY_SKEW_MS = 5 * 60_000;
const TIMEOUT_MS = 8_000;

/**
 * The sandbox channel's signature (apps/sandbox README "Payment channel"): HMAC-SHA256 with the merchant
 * secret over every non-empty string field except `sign`, sorted by name, `name=value` joined by `&`.
 */
function canonical(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && typeof fields[k] === 'string' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k] as string}`)
    .join('&');
}
const hmac = (secret: string, fields: Record<string, unknown>) =>
  createHmac('sha256', secret).update(canonical(fields)).digest('hex');
function signatureOk(secret: string, fields: Record<string, unknown>): boolean {
  const given = typeof fields.sign === 'string' ? fields.sign : '';
  const want = hmac(secret, fields);
  return given.length === want.length && timingSafeEqual(Buffer.from(given), Buffer.from(want));
}

const STATUS: Record<string, ChannelStatus> = {
  pending: 'pending',
  paid: 'paid',
  cancelled: 'failed',
  expired: 'failed',
};

/** Only string fields of a flat object (what both JSON and form bodies carry). */
function stringFields(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string' && v.length <= 512) out[k] = v;
  }
  return out;
}

/** The sandbox hosted channel (apps/sandbox/src/payments) over HTTP; also the shape of a typical real one. */
export function createSandboxChannel(opts: {
  url: string;
  merchantId: string;
  secret: string;
  now?: () => number;
}): PaymentChannelAdapter {
  const { merchantId, secret } = opts;
  const base = opts.url.replace(/\/+$/, '');
  const now = opts.now ?? Date.now;
  const fresh = () => ({ timestamp: String(now()), nonce: randomBytes(12).toString('hex') });

  /** The channel's signed answer as a state, refusing an answer that is unsigned or names another order. */
  function stateOf(answer: Record<string, string>, expect: { orderNo?: string; channelOrderId?: string }) {
    if (!signatureOk(secret, answer)) throw new ChannelError('channel answer signature does not match', true);
    const status = STATUS[answer.status ?? ''];
    if (
      !status ||
      answer.merchant_id !== merchantId ||
      !answer.channel_order_id ||
      (expect.orderNo !== undefined && answer.merchant_order_id !== expect.orderNo) ||
      (expect.channelOrderId !== undefined && answer.channel_order_id !== expect.channelOrderId)
    ) {
      throw new ChannelError('channel answer does not describe the order asked about', false);
    }
    return {
      channelOrderId: answer.channel_order_id,
      orderNo: answer.merchant_order_id ?? '',
      amount: answer.amount ?? '',
      currency: answer.currency ?? '',
      status,
    } satisfies ChannelOrderState;
  }

  async function call(path: string, init: RequestInit): Promise<Record<string, string>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new ChannelError(`channel unreachable: ${(error as Error).name}`, true);
    }
    const text = await res.text();
    if (res.status >= 500 || res.status === 429)
      throw new ChannelError(`channel answered ${res.status}`, true);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ChannelError(`channel answered ${res.status} without JSON`, true);
    }
    if (res.status !== 200)
      throw new ChannelError(`channel refused (${res.status}): ${text.slice(0, 200)}`, false);
    const fields = stringFields(json);
    if (!fields) throw new ChannelError('channel answer is not an object', true);
    return fields;
  }

  return {
    acknowledgement: 'success',

    async createOrder(req) {
      const fields = {
        merchant_id: merchantId,
        merchant_order_id: req.orderNo,
        amount: req.payAmount,
        currency: req.currency,
        notify_url: req.notifyUrl,
        return_url: req.returnUrl,
        subject: req.subject,
        ...fresh(),
      };
      const answer = await call('/payments/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, sign: hmac(secret, fields) }),
      });
      const state = stateOf(answer, { orderNo: req.orderNo });
      if (state.amount !== req.payAmount || state.currency !== req.currency) {
        throw new ChannelError('channel created the order with another amount or currency', false);
      }
      if (!answer.pay_url || !/^https?:\/\//.test(answer.pay_url)) {
        throw new ChannelError('channel answer has no payment page URL', false);
      }
      return { channelOrderId: state.channelOrderId, payUrl: answer.pay_url };
    },

    verifyNotification(body) {
      const fields = stringFields(body);
      if (!fields || !fields.sign || !fields.channel_order_id || !fields.merchant_order_id)
        return { ok: false, reason: 'malformed' };
      if (!signatureOk(secret, fields)) return { ok: false, reason: 'signature' };
      if (fields.merchant_id !== merchantId) return { ok: false, reason: 'merchant' };
      const at = Number(fields.timestamp);
      if (!Number.isSafeInteger(at) || Math.abs(now() - at) > NOTIFY_SKEW_MS)
        return { ok: false, reason: 'stale' };
      const status = STATUS[fields.status ?? ''];
      if (!status || !fields.nonce || !fields.amount || !fields.currency)
        return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        notification: {
          channelOrderId: fields.channel_order_id,
          orderNo: fields.merchant_order_id,
          amount: fields.amount,
          currency: fields.currency,
          status,
          deliveryId: `${fields.notify_id ?? fields.channel_order_id}:${fields.nonce}`.slice(0, 200),
          payload: fields,
        },
      };
    },

    async queryStatus(channelOrderId) {
      const q = { merchant_id: merchantId, ...fresh() };
      // The order id from the path is part of what is signed, so the signature cannot be moved to another order.
      const sign = hmac(secret, { ...q, channel_order_id: channelOrderId });
      const answer = await call(
        `/payments/orders/${encodeURIComponent(channelOrderId)}?${new URLSearchParams({ ...q, sign })}`,
        { method: 'GET' },
      );
      return stateOf(answer, { channelOrderId });
    },
  };
}

/** An amount in a channel's currency as micro-units (6 decimals), or null when it is not a plain decimal. */
export function channelAmountMicro(text: string): bigint | null {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.micro : null;
}
