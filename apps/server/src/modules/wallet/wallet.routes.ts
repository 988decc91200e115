import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceListQuery,
  balanceListResult,
  billChangeRequest,
  billChangeResult,
  envelope,
  type BillChange,
} from '@koi/contract';
import { EntryPhase, formatBalance, formatSigned, isTransferCode, TRANSFER_CODE_NAMES_ZH } from '@koi/ledger';
import { ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth';
import type { WalletService } from './wallet.service';

const PHASE_NAMES = {
  [EntryPhase.POSTED]: 'posted',
  [EntryPhase.HOLD]: 'hold',
  [EntryPhase.POST]: 'post',
  [EntryPhase.VOID]: 'void',
} as const;

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
      const list = rows.map((e): BillChange => ({
        id: e.id,
        created_at: e.createdAt.toISOString(),
        type: e.code,
        type_name: isTransferCode(e.code) ? TRANSFER_CODE_NAMES_ZH[e.code] : String(e.code),
        phase: PHASE_NAMES[e.phase as keyof typeof PHASE_NAMES] ?? 'posted',
        amount: formatSigned(e.amountMicro),
        balance_after: formatBalance(e.balanceAfterMicro),
        reference_type: e.referenceType,
        reference_id: e.referenceId,
      }));
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
      return ok(
        balances
          .filter((b) => !currency || b.currency === currency)
          .map((b) => ({
            currency: b.currency,
            balance: formatBalance(b.availableMicro),
            frozen: formatBalance(b.heldMicro),
            total: formatBalance(b.postedMicro),
          })),
      );
    },
  );
}
