import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  captchaRequest,
  captchaResult,
  emptyBody,
  loginRequest,
  loginResult,
  registerRequest,
  registerResult,
} from '@koi/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { AuthService, RequestContext } from './auth.service';
import { captchaWire, registerInputOf } from './auth.wire';

export function requestContext(
  request: FastifyRequest,
  config: Pick<Config, 'geo'>,
  device = '',
): RequestContext {
  return { ip: request.ip, device, country: countryOf(request, config.geo) };
}

function authApi(
  api: ApiRoutes,
  { auth, config }: { auth: AuthService; config: Config },
  app: FastifyInstance,
) {
  api.open.post(
    '/api/captcha',
    {
      summary: '获取图形验证码',
      body: captchaRequest,
      result: captchaResult,
      preHandler: app.limitBy('captcha'),
    },
    async (request) => captchaWire(await auth.issueCaptcha(request.body.device)),
  );

  api.open.post(
    '/api/home/register',
    { summary: '注册', body: registerRequest, result: registerResult, preHandler: app.limitBy('register') },
    async (request) =>
      auth.register(registerInputOf(request.body), requestContext(request, config, request.body.device)),
  );

  api.open.post(
    '/api/home/login',
    { summary: '登录', body: loginRequest, result: loginResult, preHandler: app.limitBy('login') },
    async (request) => auth.login(request.body, requestContext(request, config, request.body.device)),
  );

  api.player.post(
    '/api/home/logout',
    { summary: '退出登录', body: emptyBody, result: z.boolean() },
    async (request) => auth.logout(sessionOf(request)),
  );
}

export const authRoutes = routesPlugin(['账户'], authApi);
