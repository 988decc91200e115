import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceListQuery,
  balanceListResult,
  billChangeRequest,
  billChangeResult,
  envelope,
} from '@koi/contract';
import { ok } from '../../plugins/envelope';
import { localeOf } from '../../plugins/locale';
import { sessionOf } from '../../plugins/auth';
import type { WalletService } from './wallet.service';
import { balanceWire, billChangeWire } from './wallet.wire';

export async function walletRoutes(app: FastifyInstance, opts: { wallet: WalletService }) {
  const { wallet } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['钱包'];

  r.post(
    '/api/plat/bill-change',
    {
      schema: {
        tags,
        summary: '账变记录',
        body: billChangeRequest,
        response: { 200: envelope(billChangeResult) },
      },
      preHandler: app.requireAuth,
    },
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
      return ok({ list, total, page: q.page, size: q.size });
    },
  );

  r.get(
    '/api/user/list/balance',
    {
      schema: {
        tags,
        summary: '钱包余额列表',
        querystring: balanceListQuery,
        response: { 200: envelope(balanceListResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      const balances = await wallet.balancesOf(sessionOf(request).playerId);
      const currency = request.query.currency;
      return ok(balances.filter((b) => !currency || b.currency === currency).map(balanceWire));
    },
  );
}
