import type { FastifyInstance } from 'fastify';
import {
  changeLoginPasswordRequest,
  changeLoginPasswordResult,
  emptyBody,
  realityCheckRequest,
  revokeSessionRequest,
  revokeSessionsResult,
  securityOverview,
  selfExcludeRequest,
  selfExcludeResult,
} from '@koi/contract';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { SecurityService } from './security.service';
import { securityOverviewWire, selfExclusionWire, signedOutWire } from './auth.wire';

/** The security centre's calls; every one is for the signed-in player about themself. */
function securityApi(api: ApiRoutes, { security }: { security: SecurityService }, app: FastifyInstance) {
  api.player.post(
    '/api/plat/security',
    {
      summary: '安全中心概览：上次登录、登录设备、提醒间隔、自我限制',
      body: emptyBody,
      result: securityOverview,
    },
    async (request) => securityOverviewWire(await security.overview(sessionOf(request))),
  );

  api.player.post(
    '/api/plat/login-password',
    {
      summary: '修改登录密码（其他设备将退出登录）',
      body: changeLoginPasswordRequest,
      result: changeLoginPasswordResult,
      // The old password is checked here, so guessing it is throttled like a sign-in.
      preHandler: app.limitBy('login'),
    },
    async (request) =>
      signedOutWire(
        await security.changePassword(
          sessionOf(request),
          {
            oldPassword: request.body.old_password,
            newPassword: request.body.new_password,
            confirmPassword: request.body.confirm_password,
          },
          request.ip,
        ),
      ),
  );

  api.player.post(
    '/api/plat/sessions/revoke',
    { summary: '退出某个其他登录设备', body: revokeSessionRequest, result: z.boolean() },
    async (request) => security.revokeSession(sessionOf(request), request.body.session_id),
  );

  api.player.post(
    '/api/plat/sessions/revoke-others',
    { summary: '退出其他所有设备', body: emptyBody, result: revokeSessionsResult },
    async (request) => signedOutWire(await security.revokeOthers(sessionOf(request))),
  );

  api.player.post(
    '/api/plat/reality-check',
    { summary: '设置游戏时长提醒间隔（分钟，0为关闭）', body: realityCheckRequest, result: z.boolean() },
    async (request) => security.setRealityCheck(sessionOf(request), request.body.minutes),
  );

  api.player.post(
    '/api/plat/self-exclude',
    { summary: '自我限制（立即生效，并退出所有设备）', body: selfExcludeRequest, result: selfExcludeResult },
    async (request) => selfExclusionWire(await security.selfExclude(sessionOf(request), request.body.period)),
  );
}

export const securityRoutes = routesPlugin(['安全中心'], securityApi);
