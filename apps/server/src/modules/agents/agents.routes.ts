import {
  brokerInfoResult,
  brokerPlayerLogRequest,
  brokerPlayerLogResult,
  brokerPlayOutRequest,
  brokerPlayOutResult,
  brokerStatementRequest,
  brokerStatementResult,
  brokerStatementsRequest,
  brokerStatementsResult,
  brokerSuperiorRequest,
  brokerSuperiorResult,
  brokerTemplateResult,
  commissionIncomeRequest,
  commissionIncomeResult,
  emptyBody,
  inviteResult,
} from '@koi/contract';
import type { Config } from '../../config';
import { rangedPage, type TimeRange } from '../../lib/time-range';
import { pageWindow } from '../../lib/paging';
import { playerOrigin } from '../../lib/public-origin';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import type { AgentsService } from './agents.service';
import {
  brokerInfoWire,
  incomeWire,
  inviteWire,
  playerLogPageWire,
  playOutWire,
  statementSummaryWire,
  statementWire,
  superiorWire,
  tierWire,
} from './agents.wire';

/** The player's side: invite links (decision 26) and the broker calls of spec §7, each scoped to the caller's team. */
function agentsApi(
  api: ApiRoutes,
  { service, config }: { service: AgentsService; config: Pick<Config, 'channels'> },
) {
  api.player.post(
    '/api/plat/invite',
    { summary: '邀请链接（网页与 Telegram）及二维码', body: emptyBody, result: inviteResult },
    async (request) => {
      const session = sessionOf(request);
      const origin = playerOrigin(request, config.channels.returnBaseUrl, config.channels.notifyBaseUrl);
      return inviteWire(await service.invite(session.playerId, session.player?.inviteCode, origin));
    },
  );

  api.player.post(
    '/api/plat/broker/template',
    { summary: '代理佣金档位表（团队有效投注 → 各分类比例）', body: emptyBody, result: brokerTemplateResult },
    async () => ({ tiers: (await service.tiers()).map(tierWire) }),
  );

  api.player.post(
    '/api/plat/broker/info',
    { summary: '代理概况：档位、团队、业绩与佣金', body: emptyBody, result: brokerInfoResult },
    async (request) => {
      const session = sessionOf(request);
      return brokerInfoWire(await service.info(session.playerId, session.player?.inviteCode));
    },
  );

  api.player.post(
    '/api/plat/broker/play/out',
    {
      summary: '团队成员有效投注与输赢（按成员与日期）',
      body: brokerPlayOutRequest,
      result: brokerPlayOutResult,
    },
    async (request) =>
      listed(await service.playOut(sessionOf(request).playerId, rangedPage(request.body)), playOutWire),
  );

  api.player.post(
    '/api/plat/broker/player/log',
    {
      summary: '团队成员注册与活跃（账号已脱敏）',
      body: brokerPlayerLogRequest,
      result: brokerPlayerLogResult,
    },
    async (request) =>
      playerLogPageWire(await service.playerLog(sessionOf(request).playerId, rangedPage(request.body))),
  );

  api.player.post(
    '/api/plat/broker/superior/performance',
    { summary: '我在上级眼中的业绩', body: brokerSuperiorRequest, result: brokerSuperiorResult },
    async (request) =>
      superiorWire(await service.superior(sessionOf(request).playerId, request.body.range as TimeRange)),
  );

  api.player.post(
    '/api/plat/broker/statements',
    { summary: '我的佣金结算单（按日）', body: brokerStatementsRequest, result: brokerStatementsResult },
    async (request) =>
      listed(
        await service.statements(sessionOf(request).playerId, pageWindow(request.body)),
        statementSummaryWire,
      ),
  );

  api.player.post(
    '/api/plat/broker/statement',
    { summary: '某日佣金结算单明细与 CSV', body: brokerStatementRequest, result: brokerStatementResult },
    async (request) => {
      const session = sessionOf(request);
      const statement = await service.statement(session.playerId, request.body.day);
      const name = session.player?.username ?? statement.names.get(session.playerId) ?? '';
      return statementWire(statement, name);
    },
  );

  api.player.post(
    '/api/plat/broker/income',
    {
      summary: '佣金收入：待结算、已发放与每日记录',
      body: commissionIncomeRequest,
      result: commissionIncomeResult,
    },
    async (request) =>
      incomeWire(await service.income(sessionOf(request).playerId, pageWindow(request.body))),
  );
}

export const agentsRoutes = routesPlugin(['邀请与代理'], agentsApi);
