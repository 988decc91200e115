import {
  adminAgentChainQuery,
  adminAgentChainResult,
  adminAgentMoveBody,
  adminAgentMoveResult,
  adminAgentRunsQuery,
  adminAgentRunsResult,
  adminAgentSettleBody,
  adminAgentSettleResult,
  adminAgentTiersBody,
  adminAgentTiersResult,
  adminAgentTreeQuery,
  adminAgentTreeResult,
} from '@koi/contract';
import { formatMicro, toMicro } from '@koi/ledger';
import { pageWindow } from '../../lib/paging';
import { actorOf } from '../../plugins/console';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import { CATEGORIES } from './commission';
import type { AgentsService } from './agents.service';
import { runWire, tierWire } from './agents.wire';

/** The console's agents area: the team tree, tier tables, settlement runs and moves (audited). */
function agentsAdminApi({ read, write, audit }: AuditedRoutes, { service }: { service: AgentsService }) {
  read.get(
    '/api/admin/agents/tree',
    {
      summary: '团队树：某玩家的直属下级（0 = 无上级的玩家）',
      querystring: adminAgentTreeQuery,
      result: adminAgentTreeResult,
    },
    async (request) => {
      const page = await service.children(
        request.query.parent,
        request.query.keyword,
        pageWindow(request.query),
      );
      return listed(page, (r) => ({
        id: r.id,
        username: r.username,
        direct_count: r.directCount,
        team_size: r.teamSize,
        today_team_valid: formatMicro(r.todayTeamMicro),
        commission_paid: formatMicro(r.paidMicro),
      }));
    },
  );

  read.get(
    '/api/admin/agents/chain',
    { summary: '玩家的上级链', querystring: adminAgentChainQuery, result: adminAgentChainResult },
    async (request) => {
      const c = await service.chainOf(request.query.player);
      return {
        player: c.player,
        chain: c.chain,
        pending_move: c.pending ? { to: c.pending.to, effective_day: c.pending.effectiveDay } : null,
      };
    },
  );

  const tiersAnswer = async () => {
    const { tiers, updatedAt } = await service.tiersWithTime();
    return { tiers: tiers.map(tierWire), updated_at: updatedAt?.toISOString() ?? null };
  };

  read.get('/api/admin/agents/tiers', { summary: '佣金档位表', result: adminAgentTiersResult }, tiersAnswer);

  write.post(
    '/api/admin/agents/tiers',
    { summary: '替换佣金档位表', body: adminAgentTiersBody, result: adminAgentTiersResult },
    async (request) => {
      const tiers = request.body.tiers.map((t) => ({
        level: t.level,
        minTeamMicro: toMicro(t.min_team_valid),
        // A rate is a fraction with up to 6 decimals, so its micro-units are its millionths.
        ratesPpm: CATEGORIES.map((c) =>
          Number(toMicro(t.rates.find((r) => r.game_type_id === c)?.rate ?? '0')),
        ),
      }));
      await service.replaceTiers(
        tiers,
        audit.writer(request, 'agents.tiers_update', { type: 'agent_tiers', id: 'all' }, request.body.reason),
      );
      return tiersAnswer();
    },
  );

  read.get(
    '/api/admin/agents/runs',
    { summary: '佣金结算记录', querystring: adminAgentRunsQuery, result: adminAgentRunsResult },
    async (request) => {
      return listed(await service.runs(pageWindow(request.query)), runWire);
    },
  );

  write.post(
    '/api/admin/agents/runs',
    {
      summary: '结算某一已结束的日期（已结算则原样返回）',
      body: adminAgentSettleBody,
      result: adminAgentSettleResult,
    },
    async (request) => {
      const { run, created } = await service.settleDay(
        request.body.day,
        audit.writer(
          request,
          'agents.settle',
          { type: 'agent_day', id: request.body.day },
          request.body.reason,
        ),
      );
      return { ...runWire(run), created };
    },
  );

  write.post(
    '/api/admin/agents/move',
    { summary: '调整玩家上级（次日生效）', body: adminAgentMoveBody, result: adminAgentMoveResult },
    async (request) => {
      const actor = actorOf(request);
      const result = await service.move(
        {
          player: request.body.player,
          to: request.body.to,
          reason: request.body.reason,
          operatorId: actor.operatorId,
        },
        audit.writer(
          request,
          'agents.move',
          { type: 'player', id: request.body.player },
          request.body.reason,
        ),
      );
      return { effective_day: result.effectiveDay, moved_members: result.movedMembers };
    },
  );
}

export const agentsAdminRoutes = auditedRoutesPlugin(['后台：代理'], 'agents', agentsAdminApi);
