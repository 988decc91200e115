import {
  competitionQuery,
  competitionResult,
  emptyBody,
  rebateReceiveRequest,
  rebateReceiveResult,
  rebatesQuery,
  rebatesResult,
  vipCheckInResult,
  vipListResult,
  vipReceiveAllResult,
  vipRewardReceiveRequest,
  vipRewardReceiveResult,
  vipTestSettleRequest,
  vipTestSettleResult,
} from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import { reportDay } from '../../lib/time-range';
import type { Clock } from '../../lib/clock';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import type { CheckedStanding } from '../auth';
import type { VipService } from './vip.service';
import { competitionWire, rebateWire, rewardWire, vipListWire } from './vip.wire';

/** The player's VIP, rebate and tournament calls (spec §7 /api/vip/list, /api/task/competition/period). */
function vipApi(
  api: ApiRoutes,
  { service, clock, testRoutes }: { service: VipService; clock: Clock; testRoutes: boolean },
) {
  /** Claiming everything claimable, rewards or rebates, answers the same: how many were paid and how much. */
  const receiveAll = (
    url: string,
    summary: string,
    claimAll: (
      playerId: number,
      checked?: CheckedStanding,
    ) => Promise<{ count: number; amountMicro: bigint }>,
  ) =>
    api.player.post(url, { summary, body: emptyBody, result: vipReceiveAllResult }, async (request) => {
      const { playerId, player } = sessionOf(request);
      const r = await claimAll(playerId, player);
      return { count: r.count, amount: formatMicro(r.amountMicro) };
    });

  api.player.get(
    '/api/vip/list',
    { summary: 'VIP等级表、我的等级与进度、奖励', result: vipListResult },
    async (request) => vipListWire(await service.vipInfo(sessionOf(request).playerId)),
  );

  api.player.post(
    '/api/vip/reward/receive',
    {
      summary: '领取一项VIP奖励（晋级/月末）',
      body: vipRewardReceiveRequest,
      result: vipRewardReceiveResult,
    },
    async (request) => {
      const { playerId, player } = sessionOf(request);
      const row = await service.claimReward(playerId, request.body.id, player);
      return { id: rewardWire(row).id, amount: formatMicro(row.amountMicro) };
    },
  );

  api.player.post(
    '/api/vip/checkin',
    { summary: 'VIP每日签到（领取本级签到奖励）', body: emptyBody, result: vipCheckInResult },
    async (request) => {
      const { playerId, player } = sessionOf(request);
      const row = await service.checkIn(playerId, player);
      return { id: row.id, day: row.period, amount: formatMicro(row.amountMicro) };
    },
  );

  receiveAll('/api/vip/reward/receive-all', '一键领取全部VIP奖励（含今日签到）', service.claimAllRewards);

  api.player.get(
    '/api/vip/rebates',
    { summary: '返水记录（按日，含来源流水）', querystring: rebatesQuery, result: rebatesResult },
    async (request) => {
      const { status, page, size } = request.query;
      const r = await service.rebates(sessionOf(request).playerId, status || null, page, size);
      return {
        ...listed(r, rebateWire),
        claimable: formatMicro(r.totals.claimableMicro),
        claimed: formatMicro(r.totals.claimedMicro),
      };
    },
  );

  api.player.post(
    '/api/vip/rebate/receive',
    { summary: '领取一天的返水', body: rebateReceiveRequest, result: rebateReceiveResult },
    async (request) => {
      const { playerId, player } = sessionOf(request);
      const row = await service.claimRebate(playerId, request.body.day, player);
      return { day: row.day, amount: formatMicro(row.amountMicro) };
    },
  );

  receiveAll('/api/vip/rebate/receive-all', '一键领取全部返水', service.claimAllRebates);

  for (const [url, summary] of [
    ['/api/task/competition/period', '大师赛：当前赛季、奖金表、排行榜与我的名次'],
    ['/api/task/competition/leaderboard', '大师赛排行榜（可指定赛季）'],
  ] as const) {
    api.player.get(
      url,
      { summary, querystring: competitionQuery, result: competitionResult },
      async (request) =>
        competitionWire(await service.competition(sessionOf(request).playerId, request.query.period_id)),
    );
  }

  // Browser tests settle today's rebates at once instead of waiting for the day to end (KOI_TEST_ROUTES).
  if (testRoutes) {
    api.player.post(
      '/api/test/vip/settle',
      { summary: '（仅测试）立即结算某日返水', body: vipTestSettleRequest, result: vipTestSettleResult },
      async (request) => {
        const day = request.body.day ?? reportDay(clock.now());
        const r = await service.settle(day, { early: true });
        return { day, added: r.added };
      },
    );
  }
}

export const vipRoutes = routesPlugin(['VIP与返水'], vipApi);
