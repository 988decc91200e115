import {
  adminMonthEndRequest,
  adminMonthEndResult,
  adminOkResult,
  adminRebateRunRequest,
  adminRebateRunResult,
  adminRebateRunsQuery,
  adminRebateRunsResult,
  adminTournamentDetail,
  adminTournamentParams,
  adminTournamentPayResult,
  adminTournamentRequest,
  adminTournamentsResult,
  adminVipLevelsRequest,
  adminVipSettingsRequest,
  adminVipTableResult,
  adminVipWeightsRequest,
  emptyBody,
} from '@koi/contract';
import { formatMicro, toMicro } from '@koi/ledger';
import { AppError } from '../../errors';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import type { VipService } from './vip.service';
import { rebateRunWire, tournamentWire } from './vip.wire';

/** The console's VIP area (promotions permission): the table, rebate runs and tournament periods. */
function vipAdminApi({ read, write, audit }: AuditedRoutes, { service }: { service: VipService }) {
  read.get(
    '/api/admin/vip/table',
    { summary: 'VIP等级、返水比例、贡献比例与设置', result: adminVipTableResult },
    async () => {
      const t = await service.table();
      return {
        levels: t.levels.map((l) => ({
          level: l.level,
          threshold: formatMicro(l.thresholdMicro),
          level_up_reward: formatMicro(l.levelUpRewardMicro),
          monthly_reward: formatMicro(l.monthlyRewardMicro),
          check_in_reward: formatMicro(l.checkInRewardMicro),
          rates: t.rates
            .filter((r) => r.level === l.level)
            .map((r) => ({ game_type_id: r.gameTypeId, rate_ppm: r.ratePpm })),
        })),
        weights: t.weights.map((w) => ({ game_type_id: w.gameTypeId, weight_bp: w.weightBp })),
        settings: {
          rebate_auto_credit: t.settings.rebateAutoCredit,
          rebate_turnover_centis: t.settings.rebateTurnoverCentis,
          reward_turnover_centis: t.settings.rewardTurnoverCentis,
        },
      };
    },
  );

  write.post(
    '/api/admin/vip/levels',
    { summary: '保存VIP等级表与返水比例', body: adminVipLevelsRequest, result: adminOkResult },
    async (request) => {
      const levels = request.body.levels;
      // Levels 0..N without gaps, thresholds rising: otherwise "the level the points reach" is ambiguous.
      levels.forEach((l, i) => {
        if (l.level !== i) throw new AppError('VIP_LEVELS_INVALID', { reason: '等级须从0开始连续排列' });
        if (i === 0 && toMicro(l.threshold) !== 0n)
          throw new AppError('VIP_LEVELS_INVALID', { reason: 'VIP0 的门槛须为0' });
        if (i > 0 && toMicro(l.threshold) <= toMicro(levels[i - 1]!.threshold))
          throw new AppError('VIP_LEVELS_INVALID', { reason: `VIP${i} 的门槛须高于 VIP${i - 1}` });
        const categories = l.rates.map((r) => r.game_type_id);
        if (new Set(categories).size !== categories.length)
          throw new AppError('VIP_RATE_INVALID', { reason: `VIP${i} 的游戏类别重复` });
      });
      await service.saveLevels(
        levels.map((l) => ({
          level: l.level,
          thresholdMicro: toMicro(l.threshold),
          levelUpRewardMicro: toMicro(l.level_up_reward),
          monthlyRewardMicro: toMicro(l.monthly_reward),
          checkInRewardMicro: toMicro(l.check_in_reward),
        })),
        levels.flatMap((l) =>
          l.rates.map((r) => ({ level: l.level, gameTypeId: r.game_type_id, ratePpm: r.rate_ppm })),
        ),
        audit.writer(request, 'vip.levels_update', { type: 'vip_levels', id: 'all' }),
      );
      return { ok: true as const };
    },
  );

  write.post(
    '/api/admin/vip/weights',
    { summary: '保存各游戏类别的流水贡献比例', body: adminVipWeightsRequest, result: adminOkResult },
    async (request) => {
      const categories = request.body.weights.map((w) => w.game_type_id);
      if (new Set(categories).size !== categories.length) throw new AppError('VIP_WEIGHT_INVALID');
      await service.saveWeights(
        request.body.weights.map((w) => ({ gameTypeId: w.game_type_id, weightBp: w.weight_bp })),
        audit.writer(request, 'vip.weights_update', { type: 'vip_weights', id: 'all' }),
      );
      return { ok: true as const };
    },
  );

  write.post(
    '/api/admin/vip/settings',
    { summary: '返水与奖励设置（自动派发、流水倍数）', body: adminVipSettingsRequest, result: adminOkResult },
    async (request) => {
      const b = request.body;
      await service.saveSettings(
        {
          rebateAutoCredit: b.rebate_auto_credit,
          rebateTurnoverCentis: b.rebate_turnover_centis,
          rewardTurnoverCentis: b.reward_turnover_centis,
        },
        audit.writer(request, 'vip.settings_update', { type: 'vip_settings', id: '1' }),
      );
      return { ok: true as const };
    },
  );

  read.get(
    '/api/admin/vip/rebate-runs',
    { summary: '返水结算记录', querystring: adminRebateRunsQuery, result: adminRebateRunsResult },
    async (request) =>
      listed(await service.rebateRuns(request.query.page, request.query.size), rebateRunWire),
  );

  write.post(
    '/api/admin/vip/rebate-runs',
    { summary: '结算（或重新结算）已结束的一天', body: adminRebateRunRequest, result: adminRebateRunResult },
    async (request) => {
      const day = request.body.day;
      const before = await service.rebateRun(day);
      const r = await service.settle(day);
      const run = (await service.rebateRun(day))!;
      await audit.record(request, {
        action: 'vip.rebate_run',
        target: { type: 'rebate_day', id: day },
        before: before ? rebateRunWire(before) : null,
        after: {
          added: r.added,
          added_amount: formatMicro(r.addedMicro),
          amount: formatMicro(r.amountMicro),
        },
      });
      return {
        run: rebateRunWire(run),
        added: r.added,
        added_amount: formatMicro(r.addedMicro),
        before: before ? rebateRunWire(before) : null,
      };
    },
  );

  write.post(
    '/api/admin/vip/month-end',
    {
      summary: '发放某月的月末奖励（每人每月一次）',
      body: adminMonthEndRequest,
      result: adminMonthEndResult,
    },
    async (request) => {
      const r = await service.grantMonthEnd(request.body.month);
      await audit.record(request, {
        action: 'vip.month_end',
        target: { type: 'vip_month', id: request.body.month },
        after: { added: r.added, amount: formatMicro(r.amountMicro) },
      });
      return { added: r.added, amount: formatMicro(r.amountMicro) };
    },
  );

  read.get(
    '/api/admin/vip/tournaments',
    { summary: '大师赛赛季', result: adminTournamentsResult },
    async () => (await service.periods()).map(tournamentWire),
  );

  const periodInput = (b: typeof adminTournamentRequest._output) => ({
    period: {
      name: b.name,
      startDay: b.start_day,
      endDay: b.end_day,
      topN: b.top_n,
      turnoverCentis: b.turnover_centis,
    },
    prizes: b.prizes.map((p) => ({ rank: p.rank, amountMicro: toMicro(p.amount) })),
  });

  write.post(
    '/api/admin/vip/tournaments',
    { summary: '新建大师赛赛季', body: adminTournamentRequest, result: adminTournamentsResult.element },
    async (request) => {
      const { period, prizes } = periodInput(request.body);
      const logged = audit.writer(request, 'tournament.create', { type: 'tournament', id: 'new' });
      return tournamentWire(await service.savePeriod(null, period, prizes, logged));
    },
  );

  read.get(
    '/api/admin/vip/tournaments/:id',
    {
      summary: '赛季详情：奖金表、实时排名与派奖',
      params: adminTournamentParams,
      result: adminTournamentDetail,
    },
    async (request) => {
      const c = await service.competition(null, request.params.id);
      if (!c) throw new AppError('TOURNAMENT_NOT_FOUND');
      const standings = await service.standingsOf(c.period.id, 100);
      return {
        period: tournamentWire(c.period),
        prizes: c.prizes.map((p) => ({ rank: p.rank, amount: formatMicro(p.amountMicro) })),
        standings: standings.map((s) => ({
          rank: s.rank,
          player_id: s.playerId,
          name: s.name,
          score: formatMicro(s.scoreMicro),
        })),
        payouts: (await service.payouts(c.period.id)).map((p) => ({
          rank: p.rank,
          player_id: p.playerId,
          score: formatMicro(p.scoreMicro),
          amount: formatMicro(p.amountMicro),
          status: p.status,
          paid_at: p.paidAt?.toISOString() ?? null,
        })),
      };
    },
  );

  write.post(
    '/api/admin/vip/tournaments/:id',
    {
      summary: '修改未开始的赛季',
      params: adminTournamentParams,
      body: adminTournamentRequest,
      result: adminTournamentsResult.element,
    },
    async (request) => {
      const { period, prizes } = periodInput(request.body);
      const id = request.params.id;
      const logged = audit.writer(request, 'tournament.update', { type: 'tournament', id });
      return tournamentWire(await service.savePeriod(id, period, prizes, logged));
    },
  );

  write.post(
    '/api/admin/vip/tournaments/:id/pay',
    {
      summary: '立即为已结束的赛季派奖（重复派奖不会重复付款）',
      params: adminTournamentParams,
      body: emptyBody,
      result: adminTournamentPayResult,
    },
    async (request) => {
      const id = request.params.id;
      const paid = await service.payPeriod(id);
      await audit.record(request, {
        action: 'tournament.pay',
        target: { type: 'tournament', id },
        after: { paid },
      });
      return { paid };
    },
  );
}

export const vipAdminRoutes = auditedRoutesPlugin(['后台：VIP与返水'], 'promotions', vipAdminApi);
