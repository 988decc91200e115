import {
  betDetailRequest,
  betDetailResult,
  betRecordsRequest,
  betRecordsResult,
  winLossRequest,
  winLossResult,
} from '@koi/contract';
import { sessionOf } from '../../plugins/auth';
import { localeOf } from '../../plugins/locale';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import { rangedPage, type TimeRange } from '../../lib/time-range';
import type { BetsService } from './bets.service';
import { betDetailWire, betRecordsWire, winLossWire } from './bets.wire';

function betsApi(api: ApiRoutes, { records }: { records: BetsService }) {
  api.player.post(
    '/api/plat/bet-records',
    { summary: '投注记录（按游戏汇总）', body: betRecordsRequest, result: betRecordsResult },
    async (request) =>
      betRecordsWire(
        await records.betRecords(sessionOf(request).playerId, {
          ...rangedPage(request.body),
          gameType: request.body.game_type,
          locale: localeOf(request),
        }),
      ),
  );

  api.player.post(
    '/api/plat/bet-detail',
    {
      summary: '投注明细（某游戏的每一局，原创游戏含公平性数据）',
      body: betDetailRequest,
      result: betDetailResult,
    },
    async (request) =>
      betDetailWire(
        await records.betDetail(sessionOf(request).playerId, {
          providerId: request.body.plat_type_id,
          gameCode: request.body.game_code,
          ...rangedPage(request.body),
          locale: localeOf(request),
        }),
      ),
  );

  api.player.post(
    '/api/plat/win-loss-report',
    { summary: '输赢报表（按日期与分类）', body: winLossRequest, result: winLossResult },
    async (request) =>
      winLossWire(
        await records.winLoss(sessionOf(request).playerId, { range: request.body.range as TimeRange }),
      ),
  );
}

export const betsRoutes = routesPlugin(['记录与报表'], betsApi);
