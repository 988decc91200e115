import { balanceListQuery, balanceListResult, billChangeRequest, billChangeResult } from '@koi/contract';
import { localeOf } from '../../plugins/locale';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { WalletService } from './wallet.service';
import { balanceWire, billChangeWire } from './wallet.wire';

function walletApi(api: ApiRoutes, { wallet }: { wallet: WalletService }) {
  api.player.post(
    '/api/plat/bill-change',
    { summary: '账变记录', body: billChangeRequest, result: billChangeResult },
    async (request) => {
      const q = request.body ?? { type: 0, time: undefined, page: 1, size: 20 };
      const { playerId } = sessionOf(request);
      const { rows, total } = await wallet.billChanges(playerId, {
        code: q.type === 0 ? null : q.type,
        range: (q.time ?? null) as 1 | 2 | 3 | null,
        page: q.page,
        size: q.size,
      });
      const list = rows.map((e) => billChangeWire(e, localeOf(request)));
      return { list, total, page: q.page, size: q.size };
    },
  );

  api.player.get(
    '/api/user/list/balance',
    { summary: '钱包余额列表', querystring: balanceListQuery, result: balanceListResult },
    async (request) => {
      const balances = await wallet.balancesOf(sessionOf(request).playerId);
      const currency = request.query.currency;
      return balances.filter((b) => !currency || b.currency === currency).map(balanceWire);
    },
  );
}

export const walletRoutes = routesPlugin(['钱包'], walletApi);
