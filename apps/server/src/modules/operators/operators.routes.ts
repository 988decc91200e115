import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminCreateOperatorRequest,
  adminCreateOperatorResult,
  adminEnrolInfoRequest,
  adminSetupInfoRequest,
  adminSetupInfoResult,
  adminSetupRequest,
  adminSetupResult,
  adminEnrolInfoResult,
  adminEnrolRequest,
  adminEnrolResult,
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
  adminRecoveryCodesRequest,
  adminRecoveryCodesResult,
  adminRecoveryCodesStatus,
  adminRevokeSessionResult,
  adminSessionsResult,
  emptyBody,
} from '@koi/contract';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import { ANY_OPERATOR, operatorOf, PUBLIC, SELF } from '../../plugins/console';
import type { OperatorsService } from './operators.service';
import {
  enrolledWire,
  enrolmentWire,
  linkTotpWire,
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

function operatorsApi(api: ApiRoutes, { operators }: { operators: OperatorsService }, app: FastifyInstance) {
  const { read, write } = api.area('operators');
  // The operator's own account: `self` also while a password change is due, `anyOperator` once it is done.
  const self = api.console(SELF);
  const anyOperator = api.console(ANY_OPERATOR);

  api.console(PUBLIC).post(
    '/api/admin/login',
    {
      summary: '操作员登录（密码 + 动态验证码或一个恢复码）',
      body: adminLoginRequest,
      result: adminLoginResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => {
      const { username, password, totp, recovery_code: recoveryCode, device } = request.body;
      const result = await operators.login(
        { username, password, totp, recoveryCode },
        originOf(request, device),
      );
      return { token: result.token, must_change_password: result.mustChangePassword };
    },
  );

  // The enrolment link is the credential here: whoever holds an unused, unexpired token sees the TOTP secret
  // and sets the password, once. Rate-limited like sign-in, since a token is guessed the same way.
  api.console(PUBLIC).post(
    '/api/admin/enrol/info',
    {
      summary: '开通链接信息（用户名与动态验证码密钥，仅向持链接者显示）',
      body: adminEnrolInfoRequest,
      result: adminEnrolInfoResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => {
      const info = await operators.enrolmentInfo(request.body.token);
      return { username: info.username, ...linkTotpWire(info) };
    },
  );

  api.console(PUBLIC).post(
    '/api/admin/enrol',
    {
      summary: '完成开通：设置本人密码并绑定动态验证码（链接只能使用一次）',
      body: adminEnrolRequest,
      result: adminEnrolResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => enrolledWire(await operators.enrol(request.body, request.ip)),
  );

  // The first operator's setup link (printed by a starting server while no operator exists) is the credential,
  // as an enrolment link is; both routes refuse once any operator exists.
  api.console(PUBLIC).post(
    '/api/admin/setup/info',
    {
      summary: '初始设置链接信息（首位管理员的动态验证码密钥，仅在尚无操作员时可用）',
      body: adminSetupInfoRequest,
      result: adminSetupInfoResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => {
      return linkTotpWire(await operators.setupInfo(request.body.token));
    },
  );

  api.console(PUBLIC).post(
    '/api/admin/setup',
    {
      summary: '完成初始设置：创建首位管理员（用户名、密码、动态验证码；链接只能使用一次）',
      body: adminSetupRequest,
      result: adminSetupResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => enrolledWire(await operators.completeSetup(request.body, request.ip)),
  );

  self.post(
    '/api/admin/password',
    { summary: '修改密码', body: adminPasswordRequest, result: adminPasswordResult },
    async (request) =>
      operators.changePassword(
        operatorOf(request),
        { oldPassword: request.body.old_password, newPassword: request.body.new_password },
        request.ip,
      ),
  );

  self.post(
    '/api/admin/logout',
    { summary: '退出登录', body: emptyBody, result: adminLogoutResult },
    async (request) => operators.logout(operatorOf(request), request.ip),
  );

  self.get('/api/admin/me', { summary: '当前操作员与权限', result: adminMe }, async (request) =>
    meWire(operatorOf(request)),
  );

  anyOperator.get(
    '/api/admin/sessions',
    { summary: '我的会话', result: adminSessionsResult },
    async (request) => (await operators.sessions(operatorOf(request))).map(sessionWire),
  );

  anyOperator.get(
    '/api/admin/recovery-codes',
    { summary: '我的恢复码：剩余数量', result: adminRecoveryCodesStatus },
    async (request) => {
      const status = await operators.recoveryCodesStatus(operatorOf(request));
      return { left: status.left, created_at: status.createdAt?.toISOString() ?? null };
    },
  );

  anyOperator.post(
    '/api/admin/recovery-codes',
    {
      summary: '重新生成我的恢复码（须输入当前密码；旧恢复码全部失效，新码只显示一次）',
      body: adminRecoveryCodesRequest,
      result: adminRecoveryCodesResult,
      preHandler: app.limitBy('login'),
    },
    async (request) => ({
      recovery_codes: await operators.regenerateRecoveryCodes(
        operatorOf(request),
        request.body.password,
        request.ip,
      ),
    }),
  );

  anyOperator.post(
    '/api/admin/sessions/:id/revoke',
    {
      summary: '结束我的一个会话',
      params: adminIdParams,
      body: emptyBody,
      result: adminRevokeSessionResult,
    },
    async (request) => operators.revokeSession(operatorOf(request), request.params.id, request.ip),
  );

  read.get(
    '/api/admin/operators',
    { summary: '操作员列表', querystring: adminOperatorsQuery, result: adminOperatorsResult },
    async (request) => {
      return listed(await operators.list(request.query.page, request.query.size), operatorWire);
    },
  );

  write.post(
    '/api/admin/operators',
    {
      summary: '新建操作员（返回一次性开通链接，由新操作员本人设置密码并绑定动态验证码）',
      body: adminCreateOperatorRequest,
      result: adminCreateOperatorResult,
    },
    async (request) => {
      const op = operatorOf(request);
      const { username, role, permissions, reason } = request.body;
      const enrolment = await operators.inviteOperator(
        { username, role, overrides: permissions, reason },
        { actor: operators.actorOf(op, request.ip), context: op },
      );
      return enrolmentWire(enrolment);
    },
  );

  write.post(
    '/api/admin/operators/:id/role',
    {
      summary: '修改角色与单项权限',
      params: adminIdParams,
      body: adminOperatorRoleRequest,
      result: adminOperatorRoleResult,
    },
    async (request) => {
      const { role, permissions, reason } = request.body;
      const row = await operators.changeRole(operatorOf(request), request.ip, request.params.id, {
        role,
        overrides: permissions,
        reason,
      });
      return operatorWire(row);
    },
  );

  for (const [verb, enable] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    write.post(
      `/api/admin/operators/:id/${verb}`,
      {
        summary: enable ? '启用操作员' : '停用操作员（其会话立即结束）',
        params: adminIdParams,
        body: adminOperatorStatusRequest,
        result: adminOperatorStatusResult,
      },
      async (request) => {
        const row = await operators.setStatus(
          operatorOf(request),
          request.ip,
          request.params.id,
          enable,
          request.body.reason,
        );
        return operatorWire(row);
      },
    );
  }

  write.post(
    '/api/admin/operators/:id/reset',
    {
      summary: '重置（旧密码与动态验证码失效，返回一次性开通链接）',
      params: adminIdParams,
      body: adminOperatorResetRequest,
      result: adminOperatorResetResult,
    },
    async (request) =>
      enrolmentWire(
        await operators.reset(operatorOf(request), request.ip, request.params.id, request.body.reason),
      ),
  );
}

export const operatorsRoutes = routesPlugin(['后台：操作员'], operatorsApi);
