import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeLoginPasswordRequest,
  changeLoginPasswordResult,
  emptyBody,
  envelope,
  realityCheckRequest,
  revokeSessionRequest,
  revokeSessionsResult,
  securityOverview,
  selfExcludeRequest,
  selfExcludeResult,
  sessionSummary,
} from '@koi/contract';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth';
import type { SecurityService } from './security.service';
import { securityOverviewWire, selfExclusionWire, sessionSummaryWire, signedOutWire } from './auth.wire';

/** The security centre's calls (issue 13 item 4); every one is for the signed-in player about themself. */
export async function securityRoutes(app: FastifyInstance, opts: { security: SecurityService }) {
  const { security } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['安全中心'];
  const signedIn = { preHandler: app.requireAuth };

  r.post(
    '/api/plat/security',
    {
      schema: {
        tags,
        summary: '安全中心概览：上次登录、登录设备、提醒间隔、自我限制',
        body: emptyBody,
        response: { 200: envelope(securityOverview) },
      },
      ...signedIn,
    },
    async (request) => ok(securityOverviewWire(await security.overview(sessionOf(request)))),
  );

  r.post(
    '/api/plat/login-password',
    {
      schema: {
        tags,
        summary: '修改登录密码（其他设备将退出登录）',
        body: changeLoginPasswordRequest,
        response: { 200: envelope(changeLoginPasswordResult) },
      },
      // The old password is checked here, so guessing it is throttled like a sign-in.
      preHandler: [app.requireAuth, app.limitBy('login')],
    },
    async (request) =>
      ok(
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
      ),
  );

  r.post(
    '/api/plat/sessions/revoke',
    {
      schema: {
        tags,
        summary: '退出某个其他登录设备',
        body: revokeSessionRequest,
        response: { 200: envelope(z.boolean()) },
      },
      ...signedIn,
    },
    async (request) => ok(await security.revokeSession(sessionOf(request), request.body.session_id)),
  );

  r.post(
    '/api/plat/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: '退出其他所有设备',
        body: emptyBody,
        response: { 200: envelope(revokeSessionsResult) },
      },
      ...signedIn,
    },
    async (request) => ok(signedOutWire(await security.revokeOthers(sessionOf(request)))),
  );

  r.post(
    '/api/plat/reality-check',
    {
      schema: {
        tags,
        summary: '设置游戏时长提醒间隔（分钟，0为关闭）',
        body: realityCheckRequest,
        response: { 200: envelope(z.boolean()) },
      },
      ...signedIn,
    },
    async (request) => ok(await security.setRealityCheck(sessionOf(request), request.body.minutes)),
  );

  r.post(
    '/api/plat/session-summary',
    {
      schema: {
        tags,
        summary: '本次登录的游戏时长与输赢',
        body: emptyBody,
        response: { 200: envelope(sessionSummary) },
      },
      ...signedIn,
    },
    async (request) => ok(sessionSummaryWire(await security.sessionSummary(sessionOf(request)))),
  );

  r.post(
    '/api/plat/self-exclude',
    {
      schema: {
        tags,
        summary: '自我限制（立即生效，并退出所有设备）',
        body: selfExcludeRequest,
        response: { 200: envelope(selfExcludeResult) },
      },
      ...signedIn,
    },
    async (request) =>
      ok(selfExclusionWire(await security.selfExclude(sessionOf(request), request.body.period))),
  );
}
