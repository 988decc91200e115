import type { FastifyInstance } from 'fastify';
import {
  depositLimitsResult,
  emptyBody,
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
import { apiRoutes } from '../../plugins/routes';
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
  const api = apiRoutes(app, { tags: ['充值'] });

  api.player.post(
    '/api/plat/recharge',
    {
      summary: 'USDT-TRC20 充值订单（同金额未完成订单直接返回）',
      body: rechargeRequest,
      result: rechargeResult,
    },
    async (request) =>
      rechargeWire(
        await service.recharge(
          sessionOf(request).playerId,
          request.body.amount,
          countryOf(request, config.geo),
        ),
        config.deposits.sandboxWalletUrl,
      ),
  );

  api.player.get(
    '/api/plat/recharge/:order_id',
    { summary: '充值订单状态（充值弹窗轮询）', params: rechargeOrderParams, result: rechargeOrderResult },
    async (request) =>
      rechargeOrderWire(
        await service.order(sessionOf(request).playerId, request.params.order_id),
        config.deposits.sandboxWalletUrl,
      ),
  );

  api.player.post(
    '/api/plat/inout-records',
    { summary: '充提记录', body: inoutRecordsRequest, result: inoutRecordsResult },
    async (request) => {
      const q = request.body;
      const locale = localeOf(request);
      const query = { range: q.range as TimeRange, page: q.page, size: q.size };
      if (q.type === 2) {
        const { rows, total } = opts.withdrawals
          ? await opts.withdrawals.records(sessionOf(request).playerId, query)
          : { rows: [], total: 0 };
        return {
          list: rows.map((row) => withdrawalRecordWire(row, locale)),
          total,
          page: q.page,
          size: q.size,
        };
      }
      const playerId = sessionOf(request).playerId;
      if (q.type === 1 || !opts.withdrawals) {
        const { rows, total } = await service.records(playerId, query);
        return { list: rows.map((row) => inoutRecordWire(row, locale)), total, page: q.page, size: q.size };
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
      return { list, total: deposits.total + withdrawals.total, page: q.page, size: q.size };
    },
  );

  api.player.post(
    '/api/plat/deposit-limits',
    { summary: '充值限额（安全中心）', body: emptyBody, result: depositLimitsResult },
    async (request) => ({
      limits: (await service.limits(sessionOf(request).playerId)).map(depositLimitWire),
    }),
  );

  api.player.post(
    '/api/plat/deposit-limits/set',
    {
      summary: '设置充值限额（降低立即生效，提高或取消24小时后生效）',
      body: setDepositLimitsRequest,
      result: depositLimitsResult,
    },
    async (request) => ({
      limits: (await service.setLimits(sessionOf(request).playerId, request.body)).map(depositLimitWire),
    }),
  );
}
