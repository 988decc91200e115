import type { FastifyInstance } from 'fastify';
import { emptyBody, loginResult, signInLinkExchangeRequest, signInLinkResult } from '@koi/contract';
import type { Config } from '../../config';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import { requestContext } from './auth.routes';
import type { SignInLinks } from './sign-in-link.service';
import { signInLinkWire } from './auth.wire';

/** Sign-in links (decision 31): make one for the signed-in player, trade one for a session. */
function signInLinkApi(
  api: ApiRoutes,
  { links, config }: { links: SignInLinks; config: Pick<Config, 'geo'> },
  app: FastifyInstance,
) {
  api.player.post(
    '/api/home/sign-in-link',
    {
      summary: '生成一次性登录链接（2分钟内有效，只能使用一次）',
      body: emptyBody,
      result: signInLinkResult,
    },
    async (request) => signInLinkWire(await links.issue(sessionOf(request).playerId, 'player')),
  );

  api.open.post(
    '/api/home/sign-in-link/exchange',
    {
      summary: '用登录链接中的一次性代码换取登录令牌',
      body: signInLinkExchangeRequest,
      result: loginResult,
      // Codes are 256-bit and cannot be guessed; the limit keeps a scanner from trying all the same.
      preHandler: app.limitBy('login'),
    },
    async (request) =>
      links.exchange(request.body.code, requestContext(request, config, request.body.device)),
  );
}

export const signInLinkRoutes = routesPlugin(['账户'], signInLinkApi);
