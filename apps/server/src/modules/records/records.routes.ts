import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  betDetailRequest,
  betDetailResult,
  betRecordsRequest,
  betRecordsResult,
  envelope,
  winLossRequest,
  winLossResult,
} from '@koi/contract';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { TimeRange } from '../../lib/time-range';
import type { RecordsService } from './records.service';
import { betDetailWire, betRecordsWire, winLossWire } from './records.wire';

export async function recordsRoutes(app: FastifyInstance, opts: { records: RecordsService }) {
  const { records } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['记录与报表'];

  r.post(
    '/api/plat/bet-records',
    {
      schema: {
        tags,
        summary: '投注记录（按游戏汇总）',
        body: betRecordsRequest,
        response: { 200: envelope(betRecordsResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        betRecordsWire(
          await records.betRecords(sessionOf(request).playerId, {
            range: request.body.range as TimeRange,
            gameType: request.body.game_type,
            page: request.body.page,
            size: request.body.size,
          }),
        ),
      ),
  );

  r.post(
    '/api/plat/bet-detail',
    {
      schema: {
        tags,
        summary: '投注明细（某游戏的每一局，原创游戏含公平性数据）',
        body: betDetailRequest,
        response: { 200: envelope(betDetailResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        betDetailWire(
          await records.betDetail(sessionOf(request).playerId, {
            providerId: request.body.plat_type_id,
            gameCode: request.body.game_code,
            range: request.body.range as TimeRange,
            page: request.body.page,
            size: request.body.size,
          }),
        ),
      ),
  );

  r.post(
    '/api/plat/win-loss-report',
    {
      schema: {
        tags,
        summary: '输赢报表（按日期与分类）',
        body: winLossRequest,
        response: { 200: envelope(winLossResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) =>
      ok(
        winLossWire(
          await records.winLoss(sessionOf(request).playerId, { range: request.body.range as TimeRange }),
        ),
      ),
  );
}
