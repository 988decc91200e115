import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  originalBetRequest,
  originalBetResult,
  originalGame,
  rotateSeedRequest,
  rotateSeedResult,
  seedsResult,
} from '@koi/contract';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { OriginalsService } from './originals.service';
import { betToWire, rotationToWire, seedsToWire } from './originals.wire';

export async function originalsRoutes(app: FastifyInstance, opts: { originals: OriginalsService }) {
  const { originals } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['原创游戏（可验证公平）'];

  r.post(
    '/api/originals/:game/bet',
    {
      schema: {
        tags,
        summary: '下注（骰子 dice / 极限倍数 limbo / 扫雷 mines），一次结算',
        params: z.object({ game: originalGame }),
        body: originalBetRequest,
        response: { 200: envelope(originalBetResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      const { idempotency_key: idempotencyKey, ...params } = request.body;
      const bet = await originals.bet(sessionOf(request).playerId, request.params.game, {
        ...params,
        idempotencyKey,
      });
      return ok(betToWire(bet));
    },
  );

  r.get(
    '/api/originals/seeds',
    {
      schema: {
        tags,
        summary: '当前种子（服务器种子哈希、客户端种子、下一 nonce）',
        response: { 200: envelope(seedsResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok(seedsToWire(await originals.seeds(sessionOf(request).playerId))),
  );

  r.post(
    '/api/originals/seeds/rotate',
    {
      schema: {
        tags,
        summary: '更换种子：公开旧的服务器种子，启用新种子',
        body: rotateSeedRequest,
        response: { 200: envelope(rotateSeedResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        rotationToWire(await originals.rotate(sessionOf(request).playerId, request.body?.client_seed ?? '')),
      ),
  );
}
