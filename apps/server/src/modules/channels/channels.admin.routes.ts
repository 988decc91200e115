import {
  adminChannelOrdersQuery,
  adminChannelOrdersResult,
  adminIdParams,
  adminPayChannel,
  adminPayChannelsResult,
  adminPayChannelUpdateRequest,
} from '@koi/contract';
import { toMicro } from '@koi/ledger';
import { pageWindow } from '../../lib/paging';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import type { ChannelsService } from './channels.service';
import { adminChannelOrderWire, adminPayChannelWire, CHANNEL_ORDER_STATES } from './channels.wire';

/** Percent text with at most 2 decimals ("1.5") as basis points, without floats. */
function basisPoints(percent: string): number {
  const [whole, frac = ''] = percent.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The console's payment channels (permission area deposits): list, enable/disable, limits, fee, rate. */
function channelsAdminApi(
  { read, write, audit }: AuditedRoutes,
  { channels }: { channels: ChannelsService },
) {
  read.get(
    '/api/admin/deposits/channels',
    {
      summary: '支付通道列表',
      result: adminPayChannelsResult,
    },
    async () => {
      const rows = await channels.adminList();
      return { data: rows.map(adminPayChannelWire), total: rows.length };
    },
  );

  write.post(
    '/api/admin/deposits/channels/:id',
    {
      summary: '修改支付通道（启用/停用、限额、手续费、汇率；记入审计日志）',
      params: adminIdParams,
      body: adminPayChannelUpdateRequest,
      result: adminPayChannel,
    },
    async (request) => {
      const b = request.body;
      const id = request.params.id;
      const logged = audit.writer(request, 'channel.update', { type: 'payment_channel', id }, b.reason);
      // Only the fields the operator sent are changed.
      const row = await channels.updateChannel(
        id,
        {
          ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
          ...(b.name !== undefined ? { name: b.name } : {}),
          ...(b.icon !== undefined ? { icon: b.icon } : {}),
          ...(b.min_amount !== undefined ? { minMicro: toMicro(b.min_amount) } : {}),
          ...(b.max_amount !== undefined ? { maxMicro: toMicro(b.max_amount) } : {}),
          ...(b.fee_fixed !== undefined ? { feeFixedMicro: toMicro(b.fee_fixed) } : {}),
          ...(b.fee_rate !== undefined ? { feeBp: basisPoints(b.fee_rate) } : {}),
          ...(b.rate !== undefined ? { rate: b.rate } : {}),
          ...(b.sort !== undefined ? { sort: b.sort } : {}),
        },
        logged,
      );
      return adminPayChannelWire(row);
    },
  );

  read.get(
    '/api/admin/deposits/channel-orders',
    {
      summary: '支付通道订单（含待复核原因）',
      querystring: adminChannelOrdersQuery,
      result: adminChannelOrdersResult,
    },
    async (request) => {
      const q = request.query;
      return listed(
        await channels.adminOrders(CHANNEL_ORDER_STATES.codes(q.status), pageWindow(q)),
        adminChannelOrderWire,
      );
    },
  );
}

export const channelsAdminRoutes = auditedRoutesPlugin(['后台：支付通道'], 'deposits', channelsAdminApi);
