import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminProviderAlertsQuery, adminProviderAlertsResult, envelope } from '@koi/contract';
import { ok } from '../../plugins/envelope';
import { requires } from '../operators';
import type { ProviderAlerts } from './providers.alerts';
import { alertWire } from './providers.wire';

/** The console's view of refused provider calls (provider_alerts), newest first. */
export async function providersAdminRoutes(app: FastifyInstance, opts: { alerts: ProviderAlerts }) {
  const { alerts } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/provider-alerts',
    {
      config: requires('games', 'read'),
      schema: {
        tags: ['后台：游戏'],
        security: [{ bearer: [] }],
        summary: '厂商告警（超限派彩、同注多次派彩、派彩后回滚注单）',
        querystring: adminProviderAlertsQuery,
        response: { 200: envelope(adminProviderAlertsResult) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await alerts.list({ page, size });
      return ok({ data: rows.map(alertWire), total });
    },
  );
}
