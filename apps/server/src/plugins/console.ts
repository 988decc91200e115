import type { FastifyRequest } from 'fastify';
import type {
  OperatorRole,
  PermissionArea,
  PermissionLevel,
  Permissions,
  RoutePermission,
} from '@koi/contract';
import { AppError } from '../errors';

/*
 * The console's request context, as the HTTP plumbing and every module's console routes see it. The operators
 * module (identity layer) signs operators in and sets `request.operator` in its guard; the shape lives here, in
 * the platform layer, so that route plumbing and the audit log can name the operator of a request without
 * importing the operators module above them.
 */

/** A signed-in operator, as the guard found them for this request. */
export interface OperatorContext {
  operatorId: number;
  username: string;
  role: OperatorRole;
  permissions: Permissions;
  mustChangePassword: boolean;
  sessionId: number;
}

/** Who acted: a signed-in operator, or the command line (operatorId null). */
export interface Actor {
  operatorId: number | null;
  username: string;
  ip: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of an /api/admin request that passed the guard. */
    operator: OperatorContext | null;
  }
  interface FastifyContextConfig {
    /** The permission an /api/admin route needs; routes without one refuse every call. */
    permission?: RoutePermission;
  }
}

/** Route options declaring a permission. */
export const requires = (area: PermissionArea, level: Exclude<PermissionLevel, 'none'>) => ({
  permission: { kind: 'area', area, level } as RoutePermission,
});
/** Any signed-in operator, also while a password change is due (password, me, logout). */
export const SELF = { permission: { kind: 'self' } as RoutePermission };
/** Any signed-in operator whose password is current. */
export const ANY_OPERATOR = { permission: { kind: 'any' } as RoutePermission };
/** No token (sign-in). */
export const PUBLIC = { permission: { kind: 'public' } as RoutePermission };

/** The operator of a request that passed the guard. */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

/**
 * Who acts in an audited request: the operator that passed the guard, from the address the call came from.
 * Unlike the command line's actor, a signed-in operator always has an id, which approvals compare.
 */
export function actorOf(request: FastifyRequest): Actor & { operatorId: number } {
  const op = operatorOf(request);
  return { operatorId: op.operatorId, username: op.username, ip: request.ip };
}
