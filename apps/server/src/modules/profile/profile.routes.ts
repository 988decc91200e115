import type { FastifyInstance } from 'fastify';
import {
  emptyBody,
  sessionSummary,
  signInLinkExchangeRequest,
  signInLinkExchangeResult,
  userInfo,
} from '@koi/contract';
import type { Config } from '../../config';
import { type AuthenticatedSession, sessionOf } from '../../plugins/auth';
import { apiRoutes, type ApiRoutes, routesPlugin } from '../../plugins/routes';
import { type AuthService, requestContext, type SecurityService, type SignInLinks } from '../auth';
import type { BetsService } from '../bets';
import type { TurnoverService } from '../turnover';
import { sessionSummaryWire, userInfoWire } from './profile.wire';

/**
 * The signed-in player's own summaries, read from the modules that own each part: the profile and balance
 * (auth, wallet), the turnover still required before a withdrawal (turnover), and the reality check's figures
 * (the session from auth, the bets since it began from bets). Both are read models: they decide nothing. A
 * sign-in link's exchange (auth's) answers the new session's summary with its token, so it is routed here.
 */
function profileApi(
  api: ApiRoutes,
  opts: {
    auth: Pick<AuthService, 'info'>;
    security: Pick<SecurityService, 'currentSession'>;
    turnover: Pick<TurnoverService, 'remainingOf'>;
    bets: Pick<BetsService, 'totalsBetween'>;
    links: Pick<SignInLinks, 'exchange'>;
    config: Pick<Config, 'geo'>;
  },
  app: FastifyInstance,
) {
  const { auth, security, turnover, bets, links, config } = opts;

  // One after the other, balance first: a deposit's credit and its turnover requirement commit together, so
  // a balance that already shows the credit is always followed by a requirement that shows it too. Read side
  // by side, the requirement could be read just before that commit and the balance just after, and the player
  // would see the deposit with no turnover to clear.
  const infoOf = async (session: AuthenticatedSession) => {
    const info = await auth.info(session);
    const remaining = await turnover.remainingOf(session.playerId);
    return userInfoWire(info, remaining);
  };

  api.player.post(
    '/api/plat/info',
    { summary: '用户信息', body: emptyBody, result: userInfo },
    async (request) => infoOf(sessionOf(request)),
  );

  api.open.post(
    '/api/home/sign-in-link/exchange',
    {
      summary: '用登录链接中的一次性代码换取登录令牌，并附上用户信息',
      body: signInLinkExchangeRequest,
      result: signInLinkExchangeResult,
      // Codes are 256-bit and cannot be guessed; the limit keeps a scanner from trying all the same.
      preHandler: app.limitBy('login'),
    },
    async (request) => {
      const { token, session } = await links.exchange(
        request.body.code,
        requestContext(request, config, request.body.device),
      );
      // The code is spent and the session open by now, so a failed read must not fail the answer: the token
      // would be lost with it and the link, used once, would not work again. The answer says null instead,
      // and the app asks /api/plat/info itself, as it does after a sign-in.
      try {
        return { token, user: await infoOf(session) };
      } catch (err) {
        request.log.warn({ err }, 'user info for a sign-in link unavailable; answered the token alone');
        return { token, user: null };
      }
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
