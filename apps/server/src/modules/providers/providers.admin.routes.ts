import { adminProviderAlertsQuery, adminProviderAlertsResult } from '@koi/contract';
import { pageWindow } from '../../lib/paging';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import { requires } from '../../plugins/console';
import type { ProviderAlerts } from './providers.alerts';
import { alertWire } from './providers.wire';

/** The console's view of refused provider calls (provider_alerts), newest first. */
function providersAdminApi(api: ApiRoutes, { alerts }: { alerts: ProviderAlerts }) {
  api.console(requires('games', 'read')).get(
    '/api/admin/provider-alerts',
    {
      summary: '厂商告警（超限派彩、同注多次派彩、派彩后回滚注单）',
      querystring: adminProviderAlertsQuery,
      result: adminProviderAlertsResult,
    },
    async (request) => {
      return listed(await alerts.list(pageWindow(request.query)), alertWire);
    },
  );
}

export const providersAdminRoutes = routesPlugin(['后台：游戏'], providersAdminApi);
