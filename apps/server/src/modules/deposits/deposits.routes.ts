import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depositLimitsResult,
  emptyBody,
  envelope,
  inoutRecordsRequest,
  inoutRecordsResult,
  rechargeOrderParams,
  rechargeOrderResult,
  rechargeRequest,
  rechargeResult,
  setDepositLimitsRequest,
} from '@koi/contract';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import type { TimeRange } from '../../lib/time-range';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { localeOf } from '../../plugins/locale';
import type { DepositsService } from './deposits.service';
import type { WithdrawalsService } from '../withdrawals';
import {
  depositLimitWire,
  inoutRecordWire,
  rechargeOrderWire,
  rechargeWire,
  withdrawalRecordWire,
} from './deposits.wire';

export async function depositsRoutes(
  app: FastifyInstance,
  opts: {
    service: DepositsService;
    config: Pick<Config, 'geo' | 'deposits'>;
    withdrawals?: Pick<WithdrawalsService, 'records'>;
  },
) {
  const { service, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['充值'];

  r.post(
    '/api/plat/recharge',
    {
      schema: {
        tags,
        summary: 'USDT-TRC20 充值订单（同金额未完成订单直接返回）',
        body: rechargeRequest,
        response: { 200: envelope(rechargeResult) },
        security: [{ bearer: [] }],
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        rechargeWire(
          await service.recharge(
            sessionOf(request).playerId,
            request.body.amount,
            countryOf(request, config.geo),
          ),
          config.deposits.sandboxWalletUrl,
        ),
      ),
  );

  r.get(
    '/api/plat/recharge/:order_id',
    {
      schema: {
        tags,
        summary: '充值订单状态（充值弹窗轮询）',
        params: rechargeOrderParams,
        response: { 200: envelope(rechargeOrderResult) },
        security: [{ bearer: [] }],
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        rechargeOrderWire(
          await service.order(sessionOf(request).playerId, request.params.order_id),
          config.deposits.sandboxWalletUrl,
        ),
      ),
  );

  r.post(
    '/api/plat/inout-records',
    {
      schema: {
        tags,
        summary: '充提记录',
        body: inoutRecordsRequest,
        response: { 200: envelope(inoutRecordsResult) },
        security: [{ bearer: [] }],
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      const q = request.body;
      const locale = localeOf(request);
      const query = { range: q.range as TimeRange, page: q.page, size: q.size };
      if (q.type === 2) {
        const { rows, total } = opts.withdrawals
          ? await opts.withdrawals.records(sessionOf(request).playerId, query)
          : { rows: [], total: 0 };
        return ok({
          list: rows.map((row) => withdrawalRecordWire(row, locale)),
          total,
          page: q.page,
          size: q.size,
        });
      }
      const playerId = sessionOf(request).playerId;
      if (q.type === 1 || !opts.withdrawals) {
        const { rows, total } = await service.records(playerId, query);
        return ok({
          list: rows.map((row) => inoutRecordWire(row, locale)),
          total,
          page: q.page,
          size: q.size,
        });
      }
      // All: deposits and withdrawals, newest first. Each module pages its own table, so both lists are read
      // from the top down to the end of the requested page and merged here; a player's records of at most 7
      // days are few, so reading page × size rows of each stays small.
      const window = { ...query, page: 1, size: q.page * q.size };
      const [deposits, withdrawals] = await Promise.all([
        service.records(playerId, window),
        opts.withdrawals.records(playerId, window),
      ]);
      const list = [
        ...deposits.rows.map((row) => inoutRecordWire(row, locale)),
        ...withdrawals.rows.map((row) => withdrawalRecordWire(row, locale)),
      ]
        .sort(
          (a, b) => b.created_at.localeCompare(a.created_at) || b.type - a.type || b.id.localeCompare(a.id),
        )
        .slice((q.page - 1) * q.size, q.page * q.size);
      return ok({ list, total: deposits.total + withdrawals.total, page: q.page, size: q.size });
    },
  );

  r.post(
    '/api/plat/deposit-limits',
    {
      schema: {
        tags,
        summary: '充值限额（安全中心）',
        body: emptyBody,
        response: { 200: envelope(depositLimitsResult) },
        security: [{ bearer: [] }],
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok({ limits: (await service.limits(sessionOf(request).playerId)).map(depositLimitWire) }),
  );

  r.post(
    '/api/plat/deposit-limits/set',
    {
      schema: {
        tags,
        summary: '设置充值限额（降低立即生效，提高或取消24小时后生效）',
        body: setDepositLimitsRequest,
        response: { 200: envelope(depositLimitsResult) },
        security: [{ bearer: [] }],
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok({
        limits: (await service.setLimits(sessionOf(request).playerId, request.body)).map(depositLimitWire),
      }),
  );
}
