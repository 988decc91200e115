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
} from '@koi/contract';
import { AppError } from '../../errors';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import { localeOf } from '../../plugins/locale';
import { parseTimeQuery } from '../../lib/time-range';
import { actorOf } from '../../plugins/console';
import type { PlayerDirectory } from '../auth';
import type { AdjustmentDuties, WalletAdmin } from '../wallet';
import { adjustmentWire, systemAccountWire, transferWire } from './ledger.wire';
import { pageWindow } from '../../lib/paging';

/**
 * The console's ledger screens: adjustments with approval, the explorer, system balances, verify. The wallet
 * keeps money by player id; this view puts the players' names beside them (the auth module owns players).
 */
function ledgerApi(
  { read, write, audit }: AuditedRoutes,
  opts: {
    admin: WalletAdmin;
    duties: AdjustmentDuties;
    players: Pick<PlayerDirectory, 'playerIdByUsername' | 'usernamesOf'>;
  },
) {
  const { admin, players, duties } = opts;
  const usernameOf = async (playerId: number) => (await players.usernamesOf([playerId])).get(playerId) ?? '';

  write.post(
    '/api/admin/players/:id/adjust',
    {
      summary: '人工调账（超过阈值须另一位操作员审批）',
      params: adminIdParams,
      body: adminAdjustRequest,
      result: adminAdjustResult,
    },
    async (request) => {
      const playerId = request.params.id;
      const { amount, reason, request_id: requestKey } = request.body;
      const logged = audit.writer(request, 'ledger.adjust', { type: 'player', id: playerId }, reason);
      const asked = await admin.requestAdjustment(
        actorOf(request),
        { playerId, amount, reason, requestKey },
        logged,
        duties,
      );
      return adjustmentWire(asked, await usernameOf(playerId));
    },
  );

  read.get(
    '/api/admin/adjustments',
    { summary: '调账申请（含待审批）', querystring: adminAdjustmentsQuery, result: adminAdjustmentsResult },
    async (request) => {
      const q = request.query;
      const found = await admin.listAdjustments({
        status: q.status,
        playerId: q.player_id || null,
        ...pageWindow(q),
      });
      const names = await players.usernamesOf(found.rows.map((r) => r.playerId));
      return listed(found, (r) => adjustmentWire(r, names.get(r.playerId) ?? ''));
    },
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    write.post(
      `/api/admin/adjustments/:id/${verb}`,
      {
        summary: approve ? '审批通过调账（不能审批自己的申请）' : '驳回调账',
        params: adminIdParams,
        body: adminAdjustmentDecisionRequest,
        result: adminAdjustmentDecisionResult,
      },
      async (request) => {
        const id = request.params.id;
        const { reason } = request.body;
        const action = approve ? 'ledger.adjust_approve' : 'ledger.adjust_reject';
        const logged = audit.writer(request, action, { type: 'adjustment', id }, reason);
        const decided = await admin.decideAdjustment(actorOf(request), id, approve, reason, logged, duties);
        return adjustmentWire(decided, await usernameOf(decided.playerId));
      },
    );
  }

  read.get(
    '/api/admin/ledger/transfers',
    { summary: '账本流水查询', querystring: adminTransfersQuery, result: adminTransfersResult },
    async (request) => {
      const q = request.query;
      if (q.account_id && !/^\d{1,19}$/.test(q.account_id)) {
        throw new AppError('BAD_REQUEST', {
          detail: { zh: 'account_id 须为数字', en: 'account_id must be a number' },
        });
      }
      // `player` is an id or a username.
      let playerId: number | null = null;
      if (q.player) {
        playerId = /^\d{1,15}$/.test(q.player)
          ? Number(q.player)
          : await players.playerIdByUsername(q.player);
        if (playerId === null) throw new AppError('PLAYER_NOT_FOUND');
      }
      const found = await admin.transfers({
        playerId,
        accountId: q.account_id ? BigInt(q.account_id) : null,
        code: q.code || null,
        referenceType: q.reference_type,
        referenceId: q.reference_id,
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        ...pageWindow(q),
      });
      const names = await players.usernamesOf(
        found.rows.flatMap((r) => [r.debitPlayerId, r.creditPlayerId]).filter((id) => id !== null),
      );
      /** `player:<id> <username>` for a player's wallet, `<system code>#<shard>` for a system account. */
      const label = (id: number | null, system: string | null) =>
        id === null ? (system ?? '') : `player:${id} ${names.get(id) ?? ''}`;
      return listed(found, ({ debitPlayerId, creditPlayerId, debitSystem, creditSystem, ...t }) =>
        transferWire(
          {
            ...t,
            debitLabel: label(debitPlayerId, debitSystem),
            creditLabel: label(creditPlayerId, creditSystem),
          },
          localeOf(request),
        ),
      );
    },
  );

  read.get(
    '/api/admin/ledger/system-accounts',
    { summary: '系统账户余额', result: adminSystemAccountsResult },
    async () => (await admin.systemBalances()).map(systemAccountWire),
  );

  read.post(
    '/api/admin/ledger/verify',
    { summary: '立即校验账本（结果记入审计日志）', body: emptyBody, result: adminLedgerVerifyResult },
    async (request) => {
      const result = await admin.verifyNow();
      await audit.record(request, {
        action: 'ledger.verify',
        target: { type: 'ledger', id: 'all' },
        after: {
          ok: result.ok,
          violations: result.violations.length,
          transfers: result.transfers,
          entries: result.entries,
        },
      });
      return {
        ok: result.ok,
        checked_at: result.checkedAt.toISOString(),
        transfers: result.transfers,
        entries: result.entries,
        violations: result.violations.map((v) => ({ invariant: v.invariant, message: v.message })),
      };
    },
  );
}

export const ledgerRoutes = auditedRoutesPlugin(['后台：账本'], 'ledger', ledgerApi);
