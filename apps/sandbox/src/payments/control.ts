import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ForgeKind, Notifier, NotifySettings } from './notifier';
import type { OrderStore } from './store';

const settingsRequest = z.object({
  repeats: z.number().int().min(1).max(20).optional(),
  spread_ms: z.number().int().min(0).max(60_000).optional(),
  retry_ms: z.array(z.number().int().min(0).max(600_000)).max(20).optional(),
});

const FORGE_KINDS = [
  'bad_signature',
  'tampered_amount',
  'signed_wrong_amount',
  'signed_wrong_currency',
  'unknown_order',
  'signed_unpaid',
  'replay',
] as const satisfies readonly ForgeKind[];

/**
 * Test control for the payment channel (behind the control secret): notification settings, pay or cancel
 * without the page, forged notifications, the delivery log, reset.
 */
export function paymentsControlRoutes(
  app: FastifyInstance,
  store: OrderStore,
  notifier: Notifier,
  settings: NotifySettings,
): void {
  const snapshot = () => ({
    repeats: settings.repeats,
    spread_ms: settings.spreadMs,
    retry_ms: settings.retryMs,
  });
  app.post('/control/payments/settings', async (request, reply) => {
    const parsed = settingsRequest.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]?.message });
    settings.repeats = parsed.data.repeats ?? settings.repeats;
    settings.spreadMs = parsed.data.spread_ms ?? settings.spreadMs;
    settings.retryMs = parsed.data.retry_ms ?? settings.retryMs;
    return snapshot();
  });
  for (const [verb, status] of [
    ['pay', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/control/payments/orders/:id/${verb}`, async (request, reply) => {
      const order = store.get(request.params.id);
      if (!order) return reply.status(404).send({ error: 'no such order' });
      const changed = store.settle(order.channelOrderId, status);
      if (changed) notifier.notify(store.get(order.channelOrderId)!);
      return { status: store.get(order.channelOrderId)!.status, changed };
    });
  }
  app.post<{ Params: { id: string } }>('/control/payments/orders/:id/forge', async (request, reply) => {
    const order = store.get(request.params.id);
    if (!order) return reply.status(404).send({ error: 'no such order' });
    const kind = (request.body as { kind?: string } | undefined)?.kind;
    if (!FORGE_KINDS.includes(kind as ForgeKind))
      return reply.status(400).send({ error: `kind must be one of ${FORGE_KINDS.join(', ')}` });
    const delivery = await notifier.forge(order, kind as ForgeKind);
    if (!delivery)
      return reply.status(409).send({ error: 'nothing to replay yet: no genuine notification was sent' });
    return delivery;
  });
  app.get<{ Querystring: { channel_order_id?: string } }>(
    '/control/payments/notifications',
    async (request) => notifier.log(request.query.channel_order_id),
  );
  app.get<{ Params: { id: string } }>('/control/payments/orders/:id', async (request, reply) => {
    const order = store.get(request.params.id);
    return order ?? reply.status(404).send({ error: 'no such order' });
  });
  app.post('/control/payments/reset', async () => {
    notifier.cancelAll();
    notifier.clearLog();
    store.reset();
    return { ok: true };
  });
}
