import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditQuery,
  adminAuditResult,
  adminCreateOperatorRequest,
  adminCreateOperatorResult,
  adminIdParams,
  adminLoginRequest,
  adminLoginResult,
  adminLogoutResult,
  adminMe,
  adminOperatorResetRequest,
  adminOperatorResetResult,
  adminOperatorRoleRequest,
  adminOperatorRoleResult,
  adminOperatorsQuery,
  adminOperatorsResult,
  adminOperatorStatusRequest,
  adminOperatorStatusResult,
  adminPasswordRequest,
  adminPasswordResult,
  adminRevokeSessionResult,
  adminSessionsResult,
  auditVerifyResult,
  emptyBody,
  envelope,
} from '@koi/contract';
import { ok } from '../../plugins/envelope';
import { parseTimeQuery } from '../../lib/time-range';
import { ANY_OPERATOR, operatorOf, PUBLIC, requires, SELF } from './guard';
import type { OperatorsService } from './operators.service';
import {
  auditWire,
  chainCheckWire,
  credentialsWire,
  meWire,
  operatorWire,
  sessionWire,
} from './operators.wire';

const DEVICE_MAX = 128;

/** Where a console request came from: the IP, and the device the client names or else its User-Agent. */
export function originOf(request: FastifyRequest, device = '') {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, device: (device || (typeof ua === 'string' ? ua : '')).slice(0, DEVICE_MAX) };
}

export async function operatorsRoutes(app: FastifyInstance, opts: { operators: OperatorsService }) {
  const { operators } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['后台：操作员'];
  const security = [{ bearer: [] }];

  r.post(
    '/api/admin/login',
    {
      config: PUBLIC,
      preHandler: app.limitBy('login'),
      schema: {
        tags,
        summary: '操作员登录（密码 + 动态验证码）',
        body: adminLoginRequest,
        response: { 200: envelope(adminLoginResult) },
      },
    },
    async (request) => {
      const { username, password, totp, device } = request.body;
      const result = await operators.login({ username, password, totp }, originOf(request, device));
      return ok({ token: result.token, must_change_password: result.mustChangePassword });
    },
  );

  r.post(
    '/api/admin/password',
    {
      config: SELF,
      schema: {
        tags,
        security,
        summary: '修改密码',
        body: adminPasswordRequest,
        response: { 200: envelope(adminPasswordResult) },
      },
    },
    async (request) =>
      ok(
        await operators.changePassword(
          operatorOf(request),
          { oldPassword: request.body.old_password, newPassword: request.body.new_password },
          request.ip,
        ),
      ),
  );

  r.post(
    '/api/admin/logout',
    {
      config: SELF,
      schema: {
        tags,
        security,
        summary: '退出登录',
        body: emptyBody,
        response: { 200: envelope(adminLogoutResult) },
      },
    },
    async (request) => ok(await operators.logout(operatorOf(request), request.ip)),
  );

  r.get(
    '/api/admin/me',
    {
      config: SELF,
      schema: { tags, security, summary: '当前操作员与权限', response: { 200: envelope(adminMe) } },
    },
    async (request) => ok(meWire(operatorOf(request))),
  );

  r.get(
    '/api/admin/sessions',
    {
      config: ANY_OPERATOR,
      schema: { tags, security, summary: '我的会话', response: { 200: envelope(adminSessionsResult) } },
    },
    async (request) => ok((await operators.sessions(operatorOf(request))).map(sessionWire)),
  );

  r.post(
    '/api/admin/sessions/:id/revoke',
    {
      config: ANY_OPERATOR,
      schema: {
        tags,
        security,
        summary: '结束我的一个会话',
        params: adminIdParams,
        body: emptyBody,
        response: { 200: envelope(adminRevokeSessionResult) },
      },
    },
    async (request) => ok(await operators.revokeSession(operatorOf(request), request.params.id, request.ip)),
  );

  r.get(
    '/api/admin/operators',
    {
      config: requires('operators', 'read'),
      schema: {
        tags,
        security,
        summary: '操作员列表',
        querystring: adminOperatorsQuery,
        response: { 200: envelope(adminOperatorsResult) },
      },
    },
    async (request) => {
      const { rows, total } = await operators.list(request.query.page, request.query.size);
      return ok({ data: rows.map(operatorWire), total });
    },
  );

  r.post(
    '/api/admin/operators',
    {
      config: requires('operators', 'write'),
      schema: {
        tags,
        security,
        summary: '新建操作员（一次性密码与动态验证码密钥只显示一次）',
        body: adminCreateOperatorRequest,
        response: { 200: envelope(adminCreateOperatorResult) },
      },
    },
    async (request) => {
      const op = operatorOf(request);
      const { username, role, permissions, reason } = request.body;
      const creds = await operators.createOperator(
        { username, role, overrides: permissions, reason },
        { actor: operators.actorOf(op, request.ip), context: op },
      );
      return ok(credentialsWire(creds));
    },
  );

  r.post(
    '/api/admin/operators/:id/role',
    {
      config: requires('operators', 'write'),
      schema: {
        tags,
        security,
        summary: '修改角色与单项权限',
        params: adminIdParams,
        body: adminOperatorRoleRequest,
        response: { 200: envelope(adminOperatorRoleResult) },
      },
    },
    async (request) => {
      const { role, permissions, reason } = request.body;
      const row = await operators.changeRole(operatorOf(request), request.ip, request.params.id, {
        role,
        overrides: permissions,
        reason,
      });
      return ok(operatorWire(row));
    },
  );

  for (const [verb, enable] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    r.post(
      `/api/admin/operators/:id/${verb}`,
      {
        config: requires('operators', 'write'),
        schema: {
          tags,
          security,
          summary: enable ? '启用操作员' : '停用操作员（其会话立即结束）',
          params: adminIdParams,
          body: adminOperatorStatusRequest,
          response: { 200: envelope(adminOperatorStatusResult) },
        },
      },
      async (request) => {
        const row = await operators.setStatus(
          operatorOf(request),
          request.ip,
          request.params.id,
          enable,
          request.body.reason,
        );
        return ok(operatorWire(row));
      },
    );
  }

  r.post(
    '/api/admin/operators/:id/reset',
    {
      config: requires('operators', 'write'),
      schema: {
        tags,
        security,
        summary: '重置密码与动态验证码密钥',
        params: adminIdParams,
        body: adminOperatorResetRequest,
        response: { 200: envelope(adminOperatorResetResult) },
      },
    },
    async (request) =>
      ok(
        credentialsWire(
          await operators.reset(operatorOf(request), request.ip, request.params.id, request.body.reason),
        ),
      ),
  );

  r.get(
    '/api/admin/audit',
    {
      config: requires('audit', 'read'),
      schema: {
        tags: ['后台：审计'],
        security,
        summary: '审计日志',
        querystring: adminAuditQuery,
        response: { 200: envelope(adminAuditResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const [targetType, ...rest] = q.target ? q.target.split(':') : [''];
      const { rows, total } = await operators.auditPage({
        operator: q.operator,
        action: q.action,
        targetType: targetType ?? '',
        targetId: rest.join(':'),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return ok({ data: rows.map(auditWire), total });
    },
  );

  r.post(
    '/api/admin/audit/verify',
    {
      config: requires('audit', 'read'),
      schema: {
        tags: ['后台：审计'],
        security,
        summary: '校验审计日志哈希链',
        body: emptyBody,
        response: { 200: envelope(auditVerifyResult) },
      },
    },
    async () => ok(chainCheckWire(await operators.audit.verify())),
  );
}
