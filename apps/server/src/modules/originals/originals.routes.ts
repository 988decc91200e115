import {
  originalBetRequest,
  originalBetResult,
  originalGame,
  rotateSeedRequest,
  rotateSeedResult,
  seedsResult,
} from '@koi/contract';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { OriginalsService } from './originals.service';
import { betToWire, rotationToWire, seedsToWire } from './originals.wire';

function originalsApi(api: ApiRoutes, { originals }: { originals: OriginalsService }) {
  api.player.post(
    '/api/originals/:game/bet',
    {
      summary: '下注（骰子 dice / 极限倍数 limbo / 扫雷 mines），一次结算',
      params: z.object({ game: originalGame }),
      body: originalBetRequest,
      result: originalBetResult,
    },
    async (request) => {
      const { idempotency_key: idempotencyKey, ...params } = request.body;
      const bet = await originals.bet(sessionOf(request).playerId, request.params.game, {
        ...params,
        idempotencyKey,
      });
      return betToWire(bet);
    },
  );

  api.player.get(
    '/api/originals/seeds',
    { summary: '当前种子（服务器种子哈希、客户端种子、下一 nonce）', result: seedsResult },
    async (request) => seedsToWire(await originals.seeds(sessionOf(request).playerId)),
  );

  api.player.post(
    '/api/originals/seeds/rotate',
    {
      summary: '更换种子：公开旧的服务器种子，启用新种子',
      body: rotateSeedRequest,
      result: rotateSeedResult,
    },
    async (request) =>
      rotationToWire(await originals.rotate(sessionOf(request).playerId, request.body?.client_seed ?? '')),
  );
}

export const originalsRoutes = routesPlugin(['原创游戏（可验证公平）'], originalsApi);
