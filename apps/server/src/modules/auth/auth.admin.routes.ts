import {
  adminPlayerActionRequest,
  adminFreezeResult,
  adminIdParams,
  adminPlayerDetail,
  adminPlayersQuery,
  adminPlayersResult,
  adminResetPasswordResult,
  adminSignInLinkResult,
} from '@koi/contract';
import { LEDGER_CURRENCY } from '@koi/ledger';
import { type AuditedRoutes, auditedRoutesPlugin } from '../../plugins/routes';
import { localeOf } from '../../plugins/locale';
import { parseTimeQuery } from '../../lib/time-range';
import type { WalletAdmin } from '../wallet/wallet.admin';
import type { WalletService } from '../wallet/wallet.service';
import type { AuditInTx, PlayersAdmin } from './auth.admin';
import { playerDetailWire, playerRowWire, signInLinkWire } from './auth.wire';
import { pageWindow } from '../../lib/paging';

/** The console's player routes: search, detail, freeze/unfreeze, login password reset. */
function authAdminApi(
  { read, write, audit }: AuditedRoutes,
  opts: {
    players: PlayersAdmin;
    wallet: Pick<WalletService, 'balancesOf'>;
    ledger: Pick<WalletAdmin, 'availableBalances' | 'recentEntries'>;
  },
) {
  const { players, wallet, ledger } = opts;

  read.get(
    '/api/admin/players',
    {
      summary: '玩家查询（用户名、ID、邀请码）',
      querystring: adminPlayersQuery,
      result: adminPlayersResult,
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await players.search({
        keyword: q.keyword,
        status: q.status ?? 0,
        from: parseTimeQuery(q.registered_from, 'registered_from'),
        to: parseTimeQuery(q.registered_to, 'registered_to'),
        sort: q.sort,
        order: q.order,
        ...pageWindow(q),
      });
      const balances = await ledger.availableBalances(rows.map((p) => p.id));
      return { data: rows.map((p) => playerRowWire(p, balances.get(p.id) ?? 0n)), total };
    },
  );

  read.get(
    '/api/admin/players/:id',
    {
      summary: '玩家详情',
      params: adminIdParams,
      result: adminPlayerDetail,
    },
    async (request) => {
      const id = request.params.id;
      const d = await players.detail(id);
      const [balances, entries] = await Promise.all([wallet.balancesOf(id), ledger.recentEntries(id, 50)]);
      const usdt = balances.find((b) => b.currency === LEDGER_CURRENCY);
      return playerDetailWire(d, usdt, entries.rows, localeOf(request));
    },
  );

  // The console's writes on one player, each with the operator's reason and an audit row. Freezing ends the
  // player's sessions at once, money untouched. The one-time credentials support hands to a player who cannot
  // sign in are a login password (the old one stops working) or a sign-in link (decision 31; the player's
  // sessions stay), each shown once.
  for (const [verb, summary, action, result, run] of [
    ['freeze', '冻结玩家（会话立即结束，资金不变）', 'player.freeze', adminFreezeResult, players.freeze],
    ['unfreeze', '解冻玩家', 'player.unfreeze', adminFreezeResult, players.unfreeze],
    [
      'reset-password',
      '重置登录密码（一次性密码只显示一次）',
      'player.password_reset',
      adminResetPasswordResult,
      players.resetPassword,
    ],
    [
      'sign-in-link',
      '生成一次性登录链接（2分钟内有效，只能使用一次，只显示一次）',
      'player.sign_in_link',
      adminSignInLinkResult,
      async (id: number, audit: AuditInTx) => signInLinkWire(await players.signInLink(id, audit)),
    ],
  ] as const) {
    write.post(
      `/api/admin/players/:id/${verb}`,
      {
        summary,
        params: adminIdParams,
        body: adminPlayerActionRequest,
        result,
      },
      async (request) =>
        run(
          request.params.id,
          audit.writer(request, action, { type: 'player', id: request.params.id }, request.body.reason),
        ),
    );
  }
}

export const authAdminRoutes = auditedRoutesPlugin(['后台：玩家'], 'players', authAdminApi);
