import type { FastifyRequest } from 'fastify';
import {
  depositLimitsResult,
  emptyBody,
  rechargeOrderParams,
  rechargeOrderResult,
  rechargeRequest,
  rechargeResult,
  setDepositLimitsRequest,
} from '@koi/contract';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import { onPlayersLoopbackName } from '../../lib/public-origin';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { DepositsService } from './deposits.service';
import { depositLimitWire, rechargeOrderWire, rechargeWire } from './deposits.wire';

function depositsApi(
  api: ApiRoutes,
  opts: {
    service: DepositsService;
    config: Pick<Config, 'geo' | 'deposits'>;
  },
) {
  const { service, config } = opts;

  // The sandbox wallet runs beside Koi: its link uses the loopback name the player is on (localhost or 127.0.0.1).
  const sandboxWallet = (request: FastifyRequest) =>
    config.deposits.sandboxWalletUrl && onPlayersLoopbackName(config.deposits.sandboxWalletUrl, request);

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
        sandboxWallet(request),
      ),
  );

  api.player.get(
    '/api/plat/recharge/:order_id',
    { summary: '充值订单状态（充值弹窗轮询）', params: rechargeOrderParams, result: rechargeOrderResult },
    async (request) =>
      rechargeOrderWire(
        await service.order(sessionOf(request).playerId, request.params.order_id),
        sandboxWallet(request),
      ),
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

export const depositsRoutes = routesPlugin(['充值'], depositsApi);
