import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdjustmentDecisionRequest,
  adminAdjustmentDecisionResult,
  adminAdjustmentsQuery,
  adminAdjustmentsResult,
  adminAdjustRequest,
  adminAdjustResult,
  adminIdParams,
  adminLedgerVerifyResult,
  adminSystemAccountsResult,
  adminTransfersQuery,
  adminTransfersResult,
  emptyBody,
  envelope,
} from '@koi/contract';
import { AppError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { localeOf } from '../../plugins/locale';
import { parseTimeQuery } from '../../lib/time-range';
import { actorOf, requires, type AuditPort } from '../operators';
import type { WalletAdmin } from './wallet.admin';
import { adjustmentWire, systemAccountWire, transferWire } from './wallet.admin.wire';

/** The console's ledger routes: adjustments with approval, the explorer, system balances, verify. */
export async function walletAdminRoutes(
  app: FastifyInstance,
  opts: { admin: WalletAdmin; audit: AuditPort },
) {
  const { admin } = opts;
  const { audit } = opts.audit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['后台：账本'];
  const security = [{ bearer: [] }];

  r.post(
    '/api/admin/players/:id/adjust',
    {
      config: requires('ledger', 'write'),
      schema: {
        tags,
        security,
        summary: '人工调账（超过阈值须另一位操作员审批）',
        params: adminIdParams,
        body: adminAdjustRequest,
        response: { 200: envelope(adminAdjustResult) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const playerId = request.params.id;
      const req = await admin.requestAdjustment(
        actor,
        {
          playerId,
          amount: request.body.amount,
          reason: request.body.reason,
          requestKey: request.body.request_id,
        },
        audit.writer(actor, 'ledger.adjust', { type: 'player', id: playerId }, request.body.reason),
      );
      return ok(adjustmentWire(req, await admin.usernameOf(playerId)));
    },
  );

  r.get(
    '/api/admin/adjustments',
    {
      config: requires('ledger', 'read'),
      schema: {
        tags,
        security,
        summary: '调账申请（含待审批）',
        querystring: adminAdjustmentsQuery,
        response: { 200: envelope(adminAdjustmentsResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await admin.listAdjustments({
        status: q.status,
        playerId: q.player_id || null,
        page: q.page,
        size: q.size,
      });
      return ok({ data: rows.map((x) => adjustmentWire(x.request, x.username)), total });
    },
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    r.post(
      `/api/admin/adjustments/:id/${verb}`,
      {
        config: requires('ledger', 'write'),
        schema: {
          tags,
          security,
          summary: approve ? '审批通过调账（不能审批自己的申请）' : '驳回调账',
          params: adminIdParams,
          body: adminAdjustmentDecisionRequest,
          response: { 200: envelope(adminAdjustmentDecisionResult) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const id = request.params.id;
        const req = await admin.decideAdjustment(
          actor,
          id,
          approve,
          request.body.reason,
          audit.writer(
            actor,
            approve ? 'ledger.adjust_approve' : 'ledger.adjust_reject',
            { type: 'adjustment', id },
            request.body.reason,
          ),
        );
        return ok(adjustmentWire(req, await admin.usernameOf(req.playerId)));
      },
    );
  }

  r.get(
    '/api/admin/ledger/transfers',
    {
      config: requires('ledger', 'read'),
      schema: {
        tags,
        security,
        summary: '账本流水查询',
        querystring: adminTransfersQuery,
        response: { 200: envelope(adminTransfersResult) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.account_id && !/^\d{1,19}$/.test(q.account_id)) {
        throw new AppError('BAD_REQUEST', {
          detail: { zh: 'account_id 须为数字', en: 'account_id must be a number' },
        });
      }
      const { rows, total } = await admin.transfers({
        player: q.player,
        accountId: q.account_id ? BigInt(q.account_id) : null,
        code: q.code || null,
        referenceType: q.reference_type,
        referenceId: q.reference_id,
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return ok({ data: rows.map((t) => transferWire(t, localeOf(request))), total });
    },
  );

  r.get(
    '/api/admin/ledger/system-accounts',
    {
      config: requires('ledger', 'read'),
      schema: {
        tags,
        security,
        summary: '系统账户余额',
        response: { 200: envelope(adminSystemAccountsResult) },
      },
    },
    async () => ok((await admin.systemBalances()).map(systemAccountWire)),
  );

  r.post(
    '/api/admin/ledger/verify',
    {
      config: requires('ledger', 'read'),
      schema: {
        tags,
        security,
        summary: '立即校验账本（结果记入审计日志）',
        body: emptyBody,
        response: { 200: envelope(adminLedgerVerifyResult) },
      },
    },
    async (request) => {
      const result = await admin.verifyNow();
      await audit.record({
        actor: actorOf(request),
        action: 'ledger.verify',
        target: { type: 'ledger', id: 'all' },
        after: {
          ok: result.ok,
          violations: result.violations.length,
          transfers: result.transfers,
          entries: result.entries,
        },
      });
      return ok({
        ok: result.ok,
        checked_at: result.checkedAt.toISOString(),
        transfers: result.transfers,
        entries: result.entries,
        violations: result.violations.map((v) => ({ invariant: v.invariant, message: v.message })),
      });
    },
  );
}
