import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  envelope,
  type AuditAction,
} from '@koi/contract';
import type { Clock } from '../../lib/clock';
import { parseTimeQuery } from '../../lib/time-range';
import { ok } from '../../plugins/envelope';
import { actorOf, requires, type AuditPort } from '../operators';
import type { DepositsAdmin } from './deposits.admin';
import {
  chainTransferWire,
  depositAddressWire,
  depositOrderWire,
  ORDER_STATE_CODES,
  TRANSFER_STATE_CODES,
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
  const { audit } = opts.audit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['后台：充值'];
  const security = [{ bearer: [] }];
  const READ = requires('deposits', 'read');
  const WRITE = requires('deposits', 'write');

  // --- receiving addresses ---------------------------------------------------------------------------------

  r.get(
    '/api/admin/deposits/addresses',
    {
      config: READ,
      schema: {
        tags,
        security,
        summary: '收款地址池（停用的地址不再分配新订单，但仍监听已有订单与迟到的付款）',
        response: { 200: envelope(adminDepositAddressesResult) },
      },
    },
    async () => ok({ data: (await admin.addresses()).map(depositAddressWire) }),
  );

  r.post(
    '/api/admin/deposits/addresses',
    {
      config: WRITE,
      schema: {
        tags,
        security,
        summary: '添加收款地址（T开头34位，base58check校验；重复地址拒绝）',
        body: adminDepositAddressCreateRequest,
        response: { 200: envelope(adminDepositAddress) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { address, label, reason } = request.body;
      const row = await admin.addAddress(
        { address, label },
        audit.writer(actor, 'deposit.address_add', { type: 'deposit_address', id: address.trim() }, reason),
      );
      return ok(depositAddressWire(row));
    },
  );

  for (const [verb, enabled, action] of [
    ['enable', true, 'deposit.address_enable'],
    ['disable', false, 'deposit.address_disable'],
  ] as const) {
    r.post(
      `/api/admin/deposits/addresses/:id/${verb}`,
      {
        config: WRITE,
        schema: {
          tags,
          security,
          summary: enabled ? '启用收款地址' : '停用收款地址（不再分配新订单，仍继续监听）',
          params: adminIdParams,
          body: adminDepositAddressStatusRequest,
          response: { 200: envelope(adminDepositAddress) },
        },
      },
      async (request) => {
        const id = request.params.id;
        const row = await admin.setAddressEnabled(
          id,
          enabled,
          audit.writer(actorOf(request), action, { type: 'deposit_address', id }, request.body.reason),
        );
        return ok(depositAddressWire(row));
      },
    );
  }

  // --- orders and chain transfers ----------------------------------------------------------------------------

  r.get(
    '/api/admin/deposits/orders',
    {
      config: READ,
      schema: {
        tags,
        security,
        summary: '充值订单（状态、玩家、时间筛选，分页）',
        querystring: adminDepositOrdersQuery,
        response: { 200: envelope(adminDepositOrdersResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const playerId = await admin.resolvePlayer(q.player.trim());
      if (playerId === 'none') return ok({ data: [], total: 0 });
      const { rows, total, names } = await admin.orders({
        status: ORDER_STATE_CODES[q.status]!,
        playerId,
        orderNo: q.order_no.trim(),
        address: q.address.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      const now = clock.now();
      return ok({ data: rows.map((o) => depositOrderWire(o, names, now)), total });
    },
  );

  r.get(
    '/api/admin/deposits/transfers',
    {
      config: READ,
      schema: {
        tags,
        security,
        summary: '链上转账（确认状态、匹配状态、入账玩家）',
        querystring: adminChainTransfersQuery,
        response: { 200: envelope(adminChainTransfersResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total, names } = await admin.transfers({
        status: TRANSFER_STATE_CODES[q.status]!,
        address: q.address.trim(),
        fromAddress: q.from_address.trim(),
        txId: q.tx_id.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return ok({ data: rows.map((t) => chainTransferWire(t, names, admin.usdtContract)), total });
    },
  );

  // --- the unmatched queue -----------------------------------------------------------------------------------

  r.get(
    '/api/admin/deposits/unmatched',
    {
      config: READ,
      schema: {
        tags,
        security,
        summary: '未匹配到账队列（含可能的玩家：该付款地址此前只为一位玩家充值过）',
        querystring: adminUnmatchedQuery,
        response: { 200: envelope(adminUnmatchedResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await admin.unmatched(q.status, q.page, q.size);
      return ok({ data: rows.map(unmatchedWire), total });
    },
  );

  const target = (id: number) => ({ type: 'deposit_unmatched', id });
  const writer = (request: FastifyRequest, action: AuditAction, id: number, reason: string) =>
    audit.writer(actorOf(request), action, target(id), reason);

  r.post(
    '/api/admin/deposits/unmatched/:id/match',
    {
      config: WRITE,
      schema: {
        tags,
        security,
        summary: '匹配到玩家并入账（一次；超过审批金额须另一位操作员批准）',
        params: adminIdParams,
        body: adminUnmatchedMatchRequest,
        response: { 200: envelope(adminUnmatchedActionResult) },
      },
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
      return ok(unmatchedWire(row));
    },
  );

  // Approve, reject and ignore take only a reason: each is one call of the service with its audit row.
  const reasonOnly = [
    ['approve', 'deposit.approve', '复核批准匹配（须为另一位操作员），批准后入账', admin.approve],
    ['reject', 'deposit.reject', '驳回待复核的匹配（回到队列，未入账）', admin.reject],
    ['ignore', 'deposit.ignore', '忽略（须填写原因）', admin.ignore],
  ] as const;
  for (const [verb, action, summary, run] of reasonOnly) {
    r.post(
      `/api/admin/deposits/unmatched/:id/${verb}`,
      {
        config: WRITE,
        schema: {
          tags,
          security,
          summary,
          params: adminIdParams,
          body: adminUnmatchedDecisionRequest,
          response: { 200: envelope(adminUnmatchedActionResult) },
        },
      },
      async (request) => {
        const id = request.params.id;
        const reason = request.body.reason;
        const row = await run(id, actorOf(request), reason, writer(request, action, id, reason));
        return ok(unmatchedWire(row));
      },
    );
  }

  r.post(
    '/api/admin/deposits/unmatched/:id/refund',
    {
      config: WRITE,
      schema: {
        tags,
        security,
        summary: '登记退款（由财务钱包在链上退回，此处记录交易哈希或凭证号与原因）',
        params: adminIdParams,
        body: adminUnmatchedRefundRequest,
        response: { 200: envelope(adminUnmatchedActionResult) },
      },
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
      return ok(unmatchedWire(row));
    },
  );

  // --- watcher -----------------------------------------------------------------------------------------------

  r.get(
    '/api/admin/deposits/watcher',
    {
      config: READ,
      schema: {
        tags,
        security,
        summary: '链上监听状态（每个地址的游标、最近轮询、延迟秒数、最近错误）',
        response: { 200: envelope(adminWatcherResult) },
      },
    },
    async () => ok(watcherWire(await admin.watcher())),
  );
}
