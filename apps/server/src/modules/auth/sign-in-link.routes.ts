import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBody, envelope, loginResult, signInLinkExchangeRequest, signInLinkResult } from '@koi/contract';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from './auth.routes';
import type { SignInLinks } from './sign-in-link.service';
import { signInLinkWire } from './auth.wire';

/** Sign-in links (decision 31): make one for the signed-in player, trade one for a session. */
export async function signInLinkRoutes(
  app: FastifyInstance,
  opts: { links: SignInLinks; config: Pick<Config, 'geo'> },
) {
  const { links, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['账户'];

  r.post(
    '/api/home/sign-in-link',
    {
      schema: {
        tags,
        summary: '生成一次性登录链接（2分钟内有效，只能使用一次）',
        body: emptyBody,
        response: { 200: envelope(signInLinkResult) },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok(signInLinkWire(await links.issue(sessionOf(request).playerId, 'player'))),
  );

  r.post(
    '/api/home/sign-in-link/exchange',
    {
      schema: {
        tags,
        summary: '用登录链接中的一次性代码换取登录令牌',
        body: signInLinkExchangeRequest,
        response: { 200: envelope(loginResult) },
      },
      // Codes are 256-bit and cannot be guessed; the limit keeps a scanner from trying all the same.
      preHandler: app.limitBy('login'),
    },
    async (request) =>
      ok(await links.exchange(request.body.code, requestContext(request, config, request.body.device))),
  );
}
