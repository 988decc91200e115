import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminChainTransfersQuery,
  adminChainTransfersResult,
  adminDepositAddress,
  adminDepositAddressCreateRequest,
  adminDepositAddressesResult,
  adminDepositAddressStatusRequest,
  adminDepositOrdersQuery,
  adminDepositOrdersResult,
  adminIdParams,
  adminUnmatchedActionResult,
  adminUnmatchedDecisionRequest,
  adminUnmatchedMatchRequest,
  adminUnmatchedQuery,
  adminUnmatchedRefundRequest,
  adminUnmatchedResult,
  adminWatcherResult,
  type AuditAction,
} from '@koi/contract';
import type { Clock } from '../../lib/clock';
import { parseTimeQuery } from '../../lib/time-range';
import { apiRoutes } from '../../plugins/routes';
import { consoleAudit, actorOf, type AuditPort } from '../operators';
import type { DepositsAdmin } from './deposits.admin';
import {
  chainTransferWire,
  depositAddressWire,
  depositOrderWire,
  ORDER_STATES,
  TRANSFER_STATES,
  unmatchedWire,
  watcherWire,
} from './deposits.admin.wire';

/**
 * The console's deposits area (issue 12 item 7): receiving addresses, orders, chain transfers, the unmatched
 * queue with match / approve / reject / refund / ignore, and the watcher's state. `deposits:read` to look,
 * `deposits:write` to change; every change is audited in its own transaction.
 */
export async function depositsAdminRoutes(
  app: FastifyInstance,
  opts: { admin: DepositsAdmin; audit: AuditPort; clock: Clock },
) {
  const { admin, clock } = opts;
  const audit = consoleAudit(opts.audit);
  const { read, write } = apiRoutes(app, { tags: ['后台：充值'] }).area('deposits');

  // --- receiving addresses ---------------------------------------------------------------------------------

  read.get(
    '/api/admin/deposits/addresses',
    {
      summary: '收款地址池（停用的地址不再分配新订单，但仍监听已有订单与迟到的付款）',
      result: adminDepositAddressesResult,
    },
    async () => ({ data: (await admin.addresses()).map(depositAddressWire) }),
  );

  write.post(
    '/api/admin/deposits/addresses',
    {
      summary: '添加收款地址（T开头34位，base58check校验；重复地址拒绝）',
      body: adminDepositAddressCreateRequest,
      result: adminDepositAddress,
    },
    async (request) => {
      const { address, label, reason } = request.body;
      const row = await admin.addAddress(
        { address, label },
        audit.writer(request, 'deposit.address_add', { type: 'deposit_address', id: address.trim() }, reason),
      );
      return depositAddressWire(row);
    },
  );

  for (const [verb, enabled, action] of [
    ['enable', true, 'deposit.address_enable'],
    ['disable', false, 'deposit.address_disable'],
  ] as const) {
    write.post(
      `/api/admin/deposits/addresses/:id/${verb}`,
      {
        summary: enabled ? '启用收款地址' : '停用收款地址（不再分配新订单，仍继续监听）',
        params: adminIdParams,
        body: adminDepositAddressStatusRequest,
        result: adminDepositAddress,
      },
      async (request) => {
        const id = request.params.id;
        const row = await admin.setAddressEnabled(
          id,
          enabled,
          audit.writer(request, action, { type: 'deposit_address', id }, request.body.reason),
        );
        return depositAddressWire(row);
      },
    );
  }

  // --- orders and chain transfers ----------------------------------------------------------------------------

  read.get(
    '/api/admin/deposits/orders',
    {
      summary: '充值订单（状态、玩家、时间筛选，分页）',
      querystring: adminDepositOrdersQuery,
      result: adminDepositOrdersResult,
    },
    async (request) => {
      const q = request.query;
      const playerId = await admin.resolvePlayer(q.player.trim());
      if (playerId === 'none') return { data: [], total: 0 };
      const { rows, total, names } = await admin.orders({
        statuses: ORDER_STATES.codes(q.status),
        playerId,
        orderNo: q.order_no.trim(),
        address: q.address.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      const now = clock.now();
      return { data: rows.map((o) => depositOrderWire(o, names, now)), total };
    },
  );

  read.get(
    '/api/admin/deposits/transfers',
    {
      summary: '链上转账（确认状态、匹配状态、入账玩家）',
      querystring: adminChainTransfersQuery,
      result: adminChainTransfersResult,
    },
    async (request) => {
      const q = request.query;
      const { rows, total, names } = await admin.transfers({
        statuses: TRANSFER_STATES.codes(q.status),
        address: q.address.trim(),
        fromAddress: q.from_address.trim(),
        txId: q.tx_id.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { data: rows.map((t) => chainTransferWire(t, names, admin.usdtContract)), total };
    },
  );

  // --- the unmatched queue -----------------------------------------------------------------------------------

  read.get(
    '/api/admin/deposits/unmatched',
    {
      summary: '未匹配到账队列（含可能的玩家：该付款地址此前只为一位玩家充值过）',
      querystring: adminUnmatchedQuery,
      result: adminUnmatchedResult,
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await admin.unmatched(q.status, q.page, q.size);
      return { data: rows.map(unmatchedWire), total };
    },
  );

  /** The audit writer of a decision on one queued transfer. */
  const writer = (request: FastifyRequest, action: AuditAction, id: number, reason: string) =>
    audit.writer(request, action, { type: 'deposit_unmatched', id }, reason);

  write.post(
    '/api/admin/deposits/unmatched/:id/match',
    {
      summary: '匹配到玩家并入账（一次；超过审批金额须另一位操作员批准）',
      params: adminIdParams,
      body: adminUnmatchedMatchRequest,
      result: adminUnmatchedActionResult,
    },
    async (request) => {
      const id = request.params.id;
      const { player_id, reason } = request.body;
      const row = await admin.match(
        id,
        player_id,
        actorOf(request),
        reason,
        writer(request, 'deposit.match', id, reason),
      );
      return unmatchedWire(row);
    },
  );

  // Approve, reject and ignore take only a reason: each is one call of the service with its audit row.
  const reasonOnly = [
    ['approve', 'deposit.approve', '复核批准匹配（须为另一位操作员），批准后入账', admin.approve],
    ['reject', 'deposit.reject', '驳回待复核的匹配（回到队列，未入账）', admin.reject],
    ['ignore', 'deposit.ignore', '忽略（须填写原因）', admin.ignore],
  ] as const;
  for (const [verb, action, summary, run] of reasonOnly) {
    write.post(
      `/api/admin/deposits/unmatched/:id/${verb}`,
      {
        summary,
        params: adminIdParams,
        body: adminUnmatchedDecisionRequest,
        result: adminUnmatchedActionResult,
      },
      async (request) => {
        const id = request.params.id;
        const reason = request.body.reason;
        const row = await run(id, actorOf(request), reason, writer(request, action, id, reason));
        return unmatchedWire(row);
      },
    );
  }

  write.post(
    '/api/admin/deposits/unmatched/:id/refund',
    {
      summary: '登记退款（由财务钱包在链上退回，此处记录交易哈希或凭证号与原因）',
      params: adminIdParams,
      body: adminUnmatchedRefundRequest,
      result: adminUnmatchedActionResult,
    },
    async (request) => {
      const id = request.params.id;
      const { reference, reason } = request.body;
      const row = await admin.refund(
        id,
        actorOf(request),
        reference,
        reason,
        writer(request, 'deposit.refund', id, reason),
      );
      return unmatchedWire(row);
    },
  );

  // --- watcher -----------------------------------------------------------------------------------------------

  read.get(
    '/api/admin/deposits/watcher',
    {
      summary: '链上监听状态（每个地址的游标、最近轮询、延迟秒数、最近错误）',
      result: adminWatcherResult,
    },
    async () => watcherWire(await admin.watcher()),
  );
}
