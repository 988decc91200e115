import type { FastifyInstance } from 'fastify';
import { emptyBody, sessionSummary, userInfo } from '@koi/contract';
import { sessionOf } from '../../plugins/auth';
import { apiRoutes, type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { AuthService, SecurityService } from '../auth';
import type { BetsService } from '../bets';
import type { TurnoverService } from '../turnover';
import { sessionSummaryWire, userInfoWire } from './profile.wire';

/**
 * The signed-in player's own summaries, read from the modules that own each part: the profile and balance
 * (auth, wallet), the turnover still required before a withdrawal (turnover), and the reality check's figures
 * (the session from auth, the bets since it began from bets). Both are read models: they decide nothing.
 */
function profileApi(
  api: ApiRoutes,
  opts: {
    auth: Pick<AuthService, 'info'>;
    security: Pick<SecurityService, 'currentSession'>;
    turnover: Pick<TurnoverService, 'remainingOf'>;
    bets: Pick<BetsService, 'totalsBetween'>;
  },
  app: FastifyInstance,
) {
  const { auth, security, turnover, bets } = opts;

  api.player.post(
    '/api/plat/info',
    { summary: '用户信息', body: emptyBody, result: userInfo },
    async (request) => {
      const session = sessionOf(request);
      // One after the other, balance first: a deposit's credit and its turnover requirement commit together,
      // so a balance that already shows the credit is always followed by a requirement that shows it too.
      // Read side by side, the requirement could be read just before that commit and the balance just
      // after, and the player would see the deposit with no turnover to clear.
      const info = await auth.info(session);
      const remaining = await turnover.remainingOf(session.playerId);
      return userInfoWire(info, remaining);
    },
  );

  apiRoutes(app, { tags: ['安全中心'] }).player.post(
    '/api/plat/session-summary',
    { summary: '本次登录的游戏时长与输赢', body: emptyBody, result: sessionSummary },
    async (request) => {
      const session = sessionOf(request);
      const current = await security.currentSession(session);
      const t = await bets.totalsBetween(session.playerId, current.startedAt, current.now);
      return sessionSummaryWire({ ...current, ...t });
    },
  );
}

export const profileRoutes = routesPlugin(['账户'], profileApi);
