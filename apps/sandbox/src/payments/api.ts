import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxConfig } from '../config';
import { refuse, publicUrl } from '../http/server';
import type { Notifier } from './notifier';
import { signed, verify } from './signature';
import type { Order, OrderStore } from './store';

/** How far a request's timestamp may be from the channel's clock. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Nonces are remembered this long (longer than the skew window, so a replay inside it is caught). */
const NONCE_TTL_MS = 2 * CLOCK_SKEW_MS;

const httpUrl = z
  .string()
  .max(500)
  .url()
  .refine((u) => /^https?:\/\//.test(u), { message: 'must be an http(s) URL' });

const createRequest = z.object({
  merchant_id: z.string().min(1).max(64),
  merchant_order_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'letters, digits, _ or -, 1–64' }),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, { message: 'a decimal amount such as 100 or 12.34' }),
  currency: z.string().regex(/^[A-Z]{3,5}$/, { message: 'an upper-case currency code such as USDT or CNY' }),
  notify_url: httpUrl,
  return_url: httpUrl,
  subject: z.string().max(128).optional(),
  timestamp: z.string().regex(/^\d{13}$/, { message: 'milliseconds since 1970, as a string' }),
  nonce: z.string().regex(/^[A-Za-z0-9]{8,64}$/, { message: '8–64 letters or digits' }),
  sign: z.string().regex(/^[0-9a-f]{64}$/, { message: '64 lower-case hex digits' }),
});

const statusQuery = z.object({
  merchant_id: z.string().min(1).max(64),
  timestamp: z.string().regex(/^\d{13}$/),
  nonce: z.string().regex(/^[A-Za-z0-9]{8,64}$/),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * The channel's merchant API: create an order (→ the hosted page's URL) and query an order's status. Every
 * request is signed with the merchant secret (see signature.ts), carries a fresh timestamp and a nonce used
 * once, and every status answer is signed by the channel, so neither side can be fooled by a stranger.
 */
export function paymentsApiRoutes(
  app: FastifyInstance,
  config: SandboxConfig,
  store: OrderStore,
  notifier: Notifier,
): void {
  const { merchantId, secret } = config.payments;
  const nonces = new Map<string, number>();

  /** Signature, clock and nonce checks shared by both calls; answers the reply when it refused. */
  function authenticate(reply: FastifyReply, fields: Record<string, string>): FastifyReply | null {
    if (fields.merchant_id !== merchantId)
      return refuse(reply, 401, 'UNKNOWN_MERCHANT', 'unknown merchant_id');
    if (!verify(secret, fields)) return refuse(reply, 401, 'BAD_SIGNATURE', 'signature does not match');
    if (Math.abs(Date.now() - Number(fields.timestamp)) > CLOCK_SKEW_MS)
      return refuse(reply, 401, 'STALE_TIMESTAMP', 'timestamp is more than 5 minutes away from now');
    const now = Date.now();
    for (const [n, at] of nonces) if (now - at > NONCE_TTL_MS) nonces.delete(n);
    if (nonces.has(fields.nonce!)) return refuse(reply, 401, 'REPLAYED_NONCE', 'nonce already used');
    nonces.set(fields.nonce!, now);
    return null;
  }

  const answer = (order: Order) =>
    signed(secret, {
      channel_order_id: order.channelOrderId,
      merchant_id: order.merchantId,
      merchant_order_id: order.merchantOrderId,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      paid_at: order.status === 'paid' ? String(order.settledAt) : '',
      pay_url: `${publicUrl(app, config)}/payments/pay/${order.channelOrderId}`,
      expires_at: String(order.expiresAt),
      timestamp: String(Date.now()),
    });

  app.post('/payments/orders', async (request, reply) => {
    const parsed = createRequest.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(reply, 400, 'BAD_REQUEST', `${issue.path.join('.')}: ${issue.message}`);
    }
    const fields = parsed.data;
    const refused = authenticate(reply, fields as Record<string, string>);
    if (refused) return refused;
    if (Number(fields.amount) <= 0)
      return refuse(reply, 400, 'BAD_REQUEST', 'amount: must be greater than 0');
    // Look-up and create run without an await in between, so one merchant order id never makes two orders.
    const existing = store.byMerchantOrder(fields.merchant_id, fields.merchant_order_id);
    if (existing) {
      if (existing.amount !== fields.amount || existing.currency !== fields.currency)
        return refuse(
          reply,
          409,
          'ORDER_CONFLICT',
          'merchant_order_id already used with another amount or currency',
        );
      return answer(existing);
    }
    const order = store.create({
      merchantId: fields.merchant_id,
      merchantOrderId: fields.merchant_order_id,
      amount: fields.amount,
      currency: fields.currency,
      subject: fields.subject ?? '',
      notifyUrl: fields.notify_url,
      returnUrl: fields.return_url,
    });
    return answer(order);
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/payments/orders/:id',
    async (request, reply) => {
      const parsed = statusQuery.safeParse(request.query);
      if (!parsed.success)
        return refuse(reply, 400, 'BAD_REQUEST', 'merchant_id, timestamp, nonce and sign are required');
      // The order id from the path is part of what is signed, so a signature cannot be moved to another order.
      const refused = authenticate(reply, { ...parsed.data, channel_order_id: request.params.id });
      if (refused) return refused;
      const order = store.get(request.params.id);
      if (!order || order.merchantId !== parsed.data.merchant_id)
        return refuse(reply, 404, 'NOT_FOUND', 'no such order');
      return answer(order);
    },
  );

  // The person's actions on the hosted page (whoever holds the page link may pay or cancel, as on a real
  // channel's cashier page).
  const act =
    (status: 'paid' | 'cancelled') => async (request: { params: { id: string } }, reply: FastifyReply) => {
      const order = store.get(request.params.id);
      if (!order) return refuse(reply, 404, 'NOT_FOUND', 'no such order');
      if (store.settle(order.channelOrderId, status)) notifier.notify(store.get(order.channelOrderId)!);
      const now = store.get(order.channelOrderId)!;
      const back = new URL(now.returnUrl);
      back.searchParams.set('merchant_order_id', now.merchantOrderId);
      back.searchParams.set('status', now.status);
      return { status: now.status, return_url: back.toString() };
    };
  app.post<{ Params: { id: string } }>('/payments/pay/:id/confirm', act('paid'));
  app.post<{ Params: { id: string } }>('/payments/pay/:id/cancel', act('cancelled'));
}
