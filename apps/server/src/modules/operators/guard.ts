import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { levelAllows, type RoutePermission } from '@koi/contract';
import { AppError, isAppError } from '../../errors';
import type { ErrorKey } from '@koi/contract';
import { bearerToken } from '../../plugins/auth';
import { actorOf, type OperatorContext } from '../../plugins/console';
import type { AuditLog } from '../audit';
import type { OperatorsService } from './operators.service';

/*
 * Every /api/admin route declares its permission in its route options (`config: requires('players',
 * 'write')`). This plugin, registered before any module, sees each route as it is added (onRoute) and puts
 * the matching check first in its onRequest hooks, so it runs before the body is parsed or validated: an
 * unauthorised caller learns nothing about the request format, and an upload is refused before it is read.
 *
 * Deny by default: an /api/admin route without a declaration gets a check that refuses every call. A refused
 * call answers HTTP 403 in the envelope and writes `permission.denied` to the audit log with who, which route
 * and what was missing.
 */

export const ADMIN_PREFIX = '/api/admin';

const RULE_REFUSALS = new Set<ErrorKey>([
  'OPERATOR_GRANT_EXCEEDS',
  'OPERATOR_LAST_ADMIN',
  'OPERATOR_SELF_CHANGE',
  'ADJUSTMENT_SELF_APPROVAL',
  'UNMATCHED_SECOND_OPERATOR',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/admin route registered so far with its declaration (null = undeclared, refused). */
    adminRoutes: Map<string, RoutePermission | null>;
  }
}

const describe = (rule: RoutePermission | null) =>
  !rule ? 'undeclared route' : rule.kind === 'area' ? `${rule.area}:${rule.level}` : rule.kind;

async function guardPlugin(
  app: FastifyInstance,
  opts: { operators: Pick<OperatorsService, 'authenticate'>; audit: Pick<AuditLog, 'record'> },
) {
  const { operators, audit } = opts;
  app.decorateRequest('operator', null);
  app.decorate('adminRoutes', new Map<string, RoutePermission | null>());

  async function refuse(
    request: FastifyRequest,
    op: OperatorContext | null,
    rule: RoutePermission | null,
    why: string,
    error: AppError,
  ): Promise<never> {
    await audit.record({
      actor: op ? { operatorId: op.operatorId, username: op.username, ip: request.ip } : null,
      action: 'permission.denied',
      outcome: 'denied',
      target: { type: 'route', id: `${request.method} ${request.routeOptions.url ?? request.url}` },
      reason: why,
      after: {
        needed: describe(rule),
        held: rule?.kind === 'area' && op ? op.permissions[rule.area] : null,
        ...(op ? {} : { ip: request.ip }),
      },
    });
    throw error;
  }

  async function signedIn(request: FastifyRequest) {
    const token = bearerToken(request);
    return token ? operators.authenticate(token) : null;
  }

  const makeGuard = (rule: RoutePermission | null): onRequestHookHandler =>
    async function adminGuard(request) {
      if (rule?.kind === 'public') return;
      const op = await signedIn(request);
      if (!rule) {
        await refuse(
          request,
          op,
          rule,
          'route declares no permission',
          new AppError('OPERATOR_PERMISSION_DENIED'),
        );
      }
      if (!op) throw new AppError('UNAUTHORIZED');
      request.operator = op;
      if (op.mustChangePassword && rule!.kind !== 'self') {
        await refuse(
          request,
          op,
          rule,
          'password change required',
          new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED'),
        );
      }
      if (rule!.kind === 'area' && !levelAllows(op.permissions[rule!.area], rule!.level)) {
        await refuse(
          request,
          op,
          rule,
          `missing ${describe(rule)}`,
          new AppError('OPERATOR_PERMISSION_DENIED'),
        );
      }
    };

  // Refusals decided by the rules rather than the route's declaration (granting more than one holds,
  // approving one's own adjustment, demoting the last admin, changing oneself) are attempts at more access
  // too: they are audited like a refused route, with the rule that refused them.
  app.addHook('onError', async (request, _reply, error) => {
    if (!request.operator || !isAppError(error) || !RULE_REFUSALS.has(error.key)) return;
    await audit.record({
      actor: actorOf(request),
      action: 'permission.denied',
      outcome: 'denied',
      target: { type: 'route', id: `${request.method} ${request.routeOptions.url ?? request.url}` },
      reason: error.key,
      after: { params: request.params ?? null },
    });
  });

  app.addHook('onRoute', (route) => {
    if (route.url !== ADMIN_PREFIX && !route.url.startsWith(`${ADMIN_PREFIX}/`)) return;
    const rule = route.config?.permission ?? null;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') app.adminRoutes.set(`${m} ${route.url}`, rule);
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [makeGuard(rule), ...existing];
  });
}

export default fp(guardPlugin, { name: 'koi-admin-guard' });
