import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  captchaRequest,
  captchaResult,
  emptyBody,
  envelope,
  loginRequest,
  loginResult,
  registerRequest,
  registerResult,
  userInfo,
} from '@koi/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import { ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth';
import type { AuthService, RequestContext } from './auth.service';
import { captchaWire, registerInputOf, userInfoWire } from './auth.wire';

export function requestContext(
  request: FastifyRequest,
  config: Pick<Config, 'geo'>,
  device = '',
): RequestContext {
  return { ip: request.ip, device, country: countryOf(request, config.geo) };
}

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; config: Config }) {
  const { auth, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['账户'];

  r.post(
    '/api/captcha',
    {
      schema: {
        tags,
        summary: '获取图形验证码',
        body: captchaRequest,
        response: { 200: envelope(captchaResult) },
      },
      preHandler: app.limitBy('captcha'),
    },
    async (request) => ok(captchaWire(await auth.issueCaptcha(request.body.device))),
  );

  r.post(
    '/api/home/register',
    {
      schema: { tags, summary: '注册', body: registerRequest, response: { 200: envelope(registerResult) } },
      preHandler: app.limitBy('register'),
    },
    async (request) =>
      ok(
        await auth.register(
          registerInputOf(request.body),
          requestContext(request, config, request.body.device),
        ),
      ),
  );

  r.post(
    '/api/home/login',
    {
      schema: { tags, summary: '登录', body: loginRequest, response: { 200: envelope(loginResult) } },
      preHandler: app.limitBy('login'),
    },
    async (request) =>
      ok(await auth.login(request.body, requestContext(request, config, request.body.device))),
  );

  r.post(
    '/api/home/logout',
    {
      schema: { tags, summary: '退出登录', body: emptyBody, response: { 200: envelope(z.boolean()) } },
      preHandler: app.requireAuth,
    },
    async (request) => ok(await auth.logout(sessionOf(request))),
  );

  r.post(
    '/api/plat/info',
    {
      schema: { tags, summary: '用户信息', body: emptyBody, response: { 200: envelope(userInfo) } },
      preHandler: app.requireAuth,
    },
    async (request) => ok(userInfoWire(await auth.info(sessionOf(request)))),
  );
}
