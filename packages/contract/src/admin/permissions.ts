import { z } from 'zod';

// Permissions and roles

export const PERMISSION_AREAS = [
  'players',
  'ledger',
  'deposits',
  'withdrawals',
  'games',
  'content',
  'promotions',
  'agents',
  'community',
  'operators',
  'audit',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** Ordered: each level includes the ones before it (write implies read). */
export const PERMISSION_LEVELS = ['none', 'read', 'write'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export type Permissions = Record<PermissionArea, PermissionLevel>;

export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_NAMES_ZH: Record<OperatorRole, string> = {
  admin: '管理员',
  finance: '财务',
  support: '客服',
  viewer: '只读',
};

export const PERMISSION_AREA_NAMES_ZH: Record<PermissionArea, string> = {
  players: '玩家',
  ledger: '账本',
  deposits: '充值',
  withdrawals: '提现',
  games: '游戏',
  content: '内容',
  promotions: '活动',
  agents: '代理',
  community: '社区',
  operators: '操作员',
  audit: '审计',
};

const all = (level: PermissionLevel): Permissions =>
  Object.fromEntries(PERMISSION_AREAS.map((a) => [a, level])) as Permissions;

/**
 * The built-in roles. An operator's effective permissions are their role's, except that a non-admin
 * operator may carry per-area overrides (`permissions` on create / role change); nobody can grant more than
 * they hold themselves.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, Permissions> = {
  admin: all('write'),
  finance: { ...all('none'), deposits: 'write', withdrawals: 'write', ledger: 'write', players: 'read' },
  support: { ...all('none'), players: 'write', content: 'write', community: 'write' },
  viewer: { ...all('read'), operators: 'none' },
};

export const levelRank = (level: PermissionLevel): number => PERMISSION_LEVELS.indexOf(level);

/** Whether `held` is at least `needed`. */
export const levelAllows = (held: PermissionLevel, needed: PermissionLevel): boolean =>
  levelRank(held) >= levelRank(needed);

export const permissionAreaSchema = z.enum(PERMISSION_AREAS);
export const permissionLevelSchema = z.enum(PERMISSION_LEVELS);
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export const permissionsSchema = z.object(
  Object.fromEntries(PERMISSION_AREAS.map((a) => [a, permissionLevelSchema])) as Record<
    PermissionArea,
    typeof permissionLevelSchema
  >,
);
/** Per-area overrides sent on create / role change: only the areas that differ from the role. */
export const permissionOverridesSchema = z.partialRecord(permissionAreaSchema, permissionLevelSchema);
