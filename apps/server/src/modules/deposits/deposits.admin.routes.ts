import type { z } from 'zod';
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
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import { actorOf } from '../../plugins/console';
import type { AuditInTx, DepositsActor, DepositsAdmin } from './deposits.admin';
import {
  chainTransferWire,
  depositAddressWire,
  depositOrderWire,
  ORDER_STATES,
  TRANSFER_STATES,
  unmatchedWire,
  watcherWire,
} from './deposits.admin.wire';
import { pageWindow } from '../../lib/paging';

/**
 * The console's deposits area: receiving addresses, orders, chain transfers, the unmatched
 * queue with match / approve / reject / refund / ignore, and the watcher's state. `deposits:read` to look,
 * `deposits:write` to change; every change is audited in its own transaction.
 */
function depositsAdminApi(
  { read, write, audit }: AuditedRoutes,
  { admin, clock }: { admin: DepositsAdmin; clock: Clock },
) {
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
      const target = { type: 'deposit_address', id: address.trim() };
      const logged = audit.writer(request, 'deposit.address_add', target, reason);
      return depositAddressWire(await admin.addAddress({ address, label }, logged));
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
        const logged = audit.writer(request, action, { type: 'deposit_address', id }, request.body.reason);
        return depositAddressWire(await admin.setAddressEnabled(id, enabled, logged));
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
      const found = await admin.orders({
        statuses: ORDER_STATES.codes(q.status),
        playerId,
        orderNo: q.order_no.trim(),
        address: q.address.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        ...pageWindow(q),
      });
      const now = clock.now();
      return listed(found, (o) => depositOrderWire(o, found.names, now));
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
      const found = await admin.transfers({
        statuses: TRANSFER_STATES.codes(q.status),
        address: q.address.trim(),
        fromAddress: q.from_address.trim(),
        txId: q.tx_id.trim(),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        ...pageWindow(q),
      });
      return listed(found, (t) => chainTransferWire(t, found.names, admin.usdtContract));
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
      return listed(await admin.unmatched(q.status, pageWindow(q)), unmatchedWire);
    },
  );

  type Unmatched = Awaited<ReturnType<DepositsAdmin['unmatchedOne']>>;
  /**
   * A decision on one queued transfer: `decide` gets its id, the operator, the checked body and the audit
   * entry of `action` with the body's reason, and the answer is the row after the decision.
   */
  const decision = <B extends z.ZodType<{ reason: string }>>(
    verb: string,
    action: AuditAction,
    spec: { summary: string; body: B },
    decide: (id: number, actor: DepositsActor, body: z.output<B>, logged: AuditInTx) => Promise<Unmatched>,
  ) =>
    write.post(
      `/api/admin/deposits/unmatched/:id/${verb}`,
      { ...spec, params: adminIdParams, result: adminUnmatchedActionResult },
      async (request) => {
        const id = request.params.id;
        // The route's schema is `spec.body`, so the body Fastify checked is that schema's output.
        const body = request.body as z.output<B>;
        const logged = audit.writer(request, action, { type: 'deposit_unmatched', id }, body.reason);
        return unmatchedWire(await decide(id, actorOf(request), body, logged));
      },
    );

  decision(
    'match',
    'deposit.match',
    {
      summary: '匹配到玩家并入账（一次；超过审批金额须另一位操作员批准）',
      body: adminUnmatchedMatchRequest,
    },
    (id, actor, { player_id, reason }, logged) => admin.match(id, player_id, actor, reason, logged),
  );
  // Approve, reject and ignore take only a reason: each is one call of the service with its audit row.
  const reasonOnly = [
    ['approve', 'deposit.approve', '复核批准匹配（须为另一位操作员），批准后入账', admin.approve],
    ['reject', 'deposit.reject', '驳回待复核的匹配（回到队列，未入账）', admin.reject],
    ['ignore', 'deposit.ignore', '忽略（须填写原因）', admin.ignore],
  ] as const;
  for (const [verb, action, summary, run] of reasonOnly) {
    decision(
      verb,
      action,
      { summary, body: adminUnmatchedDecisionRequest },
      (id, actor, { reason }, logged) => run(id, actor, reason, logged),
    );
  }
  decision(
    'refund',
    'deposit.refund',
    {
      summary: '登记退款（由财务钱包在链上退回，此处记录交易哈希或凭证号与原因）',
      body: adminUnmatchedRefundRequest,
    },
    (id, actor, { reference, reason }, logged) => admin.refund(id, actor, reference, reason, logged),
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

export const depositsAdminRoutes = auditedRoutesPlugin(['后台：充值'], 'deposits', depositsAdminApi);
