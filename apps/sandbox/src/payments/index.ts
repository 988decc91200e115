import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config';
import { sendMissingPage, sendPage } from '../http/server';
import { paymentsApiRoutes } from './api';
import { paymentsControlRoutes } from './control';
import { createNotifier, DEFAULT_NOTIFY } from './notifier';
import { payPage } from './page';
import { createOrderStore } from './store';

/**
 * A hosted payment channel (decision 14; no Huione): signed merchant API, the cashier page
 * `/payments/pay/:id`, signed asynchronous notifications (repeated, out of order), control under
 * `/control/payments/*`.
 */
export function registerPayments(app: FastifyInstance, config: SandboxConfig) {
  const store = createOrderStore(config.dataDir);
  const settings = { ...DEFAULT_NOTIFY, retryMs: [...DEFAULT_NOTIFY.retryMs] };
  const notifier = createNotifier({ secret: config.payments.secret, store, settings });
  paymentsApiRoutes(app, config, store, notifier);
  paymentsControlRoutes(app, store, notifier, settings);
  app.get<{ Params: { id: string } }>('/payments/pay/:id', async (request, reply) => {
    const order = store.get(request.params.id);
    if (!order) return sendMissingPage(reply, '订单不存在或已失效。');
    return sendPage(reply, payPage(order));
  });
  // Notifications the merchant never acknowledged (the sandbox stopped meanwhile) are sent again.
  app.addHook('onReady', async () => {
    for (const order of store.unacknowledged()) notifier.notify(order);
  });
  app.addHook('onClose', async () => notifier.close());
  return { store, notifier, settings };
}
