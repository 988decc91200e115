import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProviderAlertsQuery,
  adminProviderAlertsResult,
  envelope,
  PROVIDER_ALERT_KINDS,
  type AdminProviderAlertRow,
} from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { requires } from '../operators';
import { createProvidersRepository } from './providers.repository';

type AlertRow = Awaited<
  ReturnType<ReturnType<typeof createProvidersRepository>['listAlerts']>
>['rows'][number];

const alertWire = (a: AlertRow): AdminProviderAlertRow => ({
  id: a.id,
  provider_id: a.providerId,
  kind: PROVIDER_ALERT_KINDS[a.kind as keyof typeof PROVIDER_ALERT_KINDS],
  player_id: a.playerId,
  round_id: a.roundId,
  game_code: a.gameCode,
  transaction_uuid: a.transactionUuid,
  amount: formatMicro(a.amountMicro),
  limit: a.limitMicro === null ? null : formatMicro(a.limitMicro),
  created_at: a.createdAt.toISOString(),
});

/** The console's view of refused provider calls (provider_alerts), newest first. */
export async function providersAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const repo = createProvidersRepository(opts.db);
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
      const { rows, total } = await repo.listAlerts({ limit: size, offset: (page - 1) * size });
      return ok({ data: rows.map(alertWire), total });
    },
  );
}
