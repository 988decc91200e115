import {
  levelAllows,
  type PermissionArea,
  type PermissionLevel,
  type Permissions,
} from './admin/permissions';

/**
 * The operator console's API, every route under /api/admin. Operators are separate from players:
 * their own accounts, tokens, sessions and a TOTP second factor. Every route declares the permission it
 * needs (an area at a level); a route without a declaration refuses (deny by default), and a refused call
 * answers HTTP 403 in the envelope and is itself written to the audit log.
 *
 * Conventions as everywhere: snake_case, money as decimal USDT strings, times as ISO 8601 strings, lists as
 * `{ data, total }` with `page` / `size` query parameters.
 *
 * This file holds the permission table (ADMIN_ROUTES); the permission model is in `admin/permissions.ts` and
 * each feature's schemas in its own file under `admin/`, all re-exported here.
 */

export * from './admin/permissions';
export {
  adminIdParams,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME_PATTERN,
  reasonField,
} from './admin/shared';
export * from './admin/session';
export * from './admin/operators';
export * from './admin/audit';
export * from './admin/players';
export * from './admin/adjustments';
export * from './admin/ledger';
export * from './admin/games';
export * from './admin/content';
export * from './admin/dashboard';
export * from './admin/community';
export * from './admin/agents';
export * from './admin/vip';
export * from './admin/redpackets';
export * from './admin/promotions';

/**
 * Every admin route with the permission it declares; the server's route table must equal this list (a test
 * checks it), and the console uses it to hide or disable what the operator may not do. `self` = any
 * signed-in operator (also allowed while a password change is due: password, me, logout); `any` = any
 * signed-in operator whose password is current; `public` = no token.
 */
export type RoutePermission =
  | { kind: 'public' }
  | { kind: 'self' }
  | { kind: 'any' }
  | { kind: 'area'; area: PermissionArea; level: Exclude<PermissionLevel, 'none'> };

const area = (a: PermissionArea, level: 'read' | 'write'): RoutePermission => ({
  kind: 'area',
  area: a,
  level,
});

export const ADMIN_ROUTES: Record<string, RoutePermission> = {
  'POST /api/admin/login': { kind: 'public' },
  'POST /api/admin/enrol/info': { kind: 'public' },
  'POST /api/admin/enrol': { kind: 'public' },
  'POST /api/admin/setup/info': { kind: 'public' },
  'POST /api/admin/setup': { kind: 'public' },
  'POST /api/admin/password': { kind: 'self' },
  'POST /api/admin/logout': { kind: 'self' },
  'GET /api/admin/me': { kind: 'self' },
  'GET /api/admin/sessions': { kind: 'any' },
  'POST /api/admin/sessions/:id/revoke': { kind: 'any' },
  'GET /api/admin/recovery-codes': { kind: 'any' },
  'POST /api/admin/recovery-codes': { kind: 'any' },
  'GET /api/admin/dashboard': { kind: 'any' },
  'GET /api/admin/operators': area('operators', 'read'),
  'POST /api/admin/operators': area('operators', 'write'),
  'POST /api/admin/operators/:id/role': area('operators', 'write'),
  'POST /api/admin/operators/:id/disable': area('operators', 'write'),
  'POST /api/admin/operators/:id/enable': area('operators', 'write'),
  'POST /api/admin/operators/:id/reset': area('operators', 'write'),
  'GET /api/admin/audit': area('audit', 'read'),
  'POST /api/admin/audit/verify': area('audit', 'read'),
  'GET /api/admin/players': area('players', 'read'),
  'GET /api/admin/players/:id': area('players', 'read'),
  'POST /api/admin/players/:id/freeze': area('players', 'write'),
  'POST /api/admin/players/:id/unfreeze': area('players', 'write'),
  'POST /api/admin/players/:id/reset-password': area('players', 'write'),
  'POST /api/admin/players/:id/sign-in-link': area('players', 'write'),
  'POST /api/admin/players/:id/adjust': area('ledger', 'write'),
  'GET /api/admin/adjustments': area('ledger', 'read'),
  'POST /api/admin/adjustments/:id/approve': area('ledger', 'write'),
  'POST /api/admin/adjustments/:id/reject': area('ledger', 'write'),
  'GET /api/admin/ledger/transfers': area('ledger', 'read'),
  'GET /api/admin/ledger/system-accounts': area('ledger', 'read'),
  'POST /api/admin/ledger/verify': area('ledger', 'read'),
  'GET /api/admin/games': area('games', 'read'),
  'POST /api/admin/games/:id': area('games', 'write'),
  'GET /api/admin/providers': area('games', 'read'),
  'POST /api/admin/providers/:id': area('games', 'write'),
  'GET /api/admin/provider-alerts': area('games', 'read'),
  'GET /api/admin/config-items': area('content', 'read'),
  'POST /api/admin/config-items/:id': area('content', 'write'),
  'GET /api/admin/banners': area('content', 'read'),
  'POST /api/admin/banners': area('content', 'write'),
  'POST /api/admin/banners/:id': area('content', 'write'),
  'POST /api/admin/banners/:id/delete': area('content', 'write'),
  'POST /api/admin/uploads': area('content', 'write'),
  'GET /api/admin/withdrawals': area('withdrawals', 'read'),
  'GET /api/admin/withdrawals/:id': area('withdrawals', 'read'),
  'POST /api/admin/withdrawals/:id/approve': area('withdrawals', 'write'),
  'POST /api/admin/withdrawals/:id/reject': area('withdrawals', 'write'),
  'POST /api/admin/withdrawals/:id/settle/propose': area('withdrawals', 'write'),
  'POST /api/admin/withdrawals/:id/settle/confirm': area('withdrawals', 'write'),
  'POST /api/admin/withdrawals/:id/settle/cancel': area('withdrawals', 'write'),
  'GET /api/admin/withdrawals/payout-methods': area('withdrawals', 'read'),
  'POST /api/admin/withdrawals/payout-methods/:type': area('withdrawals', 'write'),
  'GET /api/admin/deposits/addresses': area('deposits', 'read'),
  'POST /api/admin/deposits/addresses': area('deposits', 'write'),
  'POST /api/admin/deposits/addresses/:id/enable': area('deposits', 'write'),
  'POST /api/admin/deposits/addresses/:id/disable': area('deposits', 'write'),
  'GET /api/admin/deposits/orders': area('deposits', 'read'),
  'GET /api/admin/deposits/transfers': area('deposits', 'read'),
  'GET /api/admin/deposits/unmatched': area('deposits', 'read'),
  'POST /api/admin/deposits/unmatched/:id/match': area('deposits', 'write'),
  'POST /api/admin/deposits/unmatched/:id/approve': area('deposits', 'write'),
  'POST /api/admin/deposits/unmatched/:id/reject': area('deposits', 'write'),
  'POST /api/admin/deposits/unmatched/:id/refund': area('deposits', 'write'),
  'POST /api/admin/deposits/unmatched/:id/ignore': area('deposits', 'write'),
  'GET /api/admin/deposits/watcher': area('deposits', 'read'),
  'GET /api/admin/deposits/channels': area('deposits', 'read'),
  'POST /api/admin/deposits/channels/:id': area('deposits', 'write'),
  'GET /api/admin/deposits/channel-orders': area('deposits', 'read'),
  'GET /api/admin/community/posts': area('community', 'read'),
  'POST /api/admin/community/posts/:id/approve': area('community', 'write'),
  'POST /api/admin/community/posts/:id/reject': area('community', 'write'),
  'POST /api/admin/community/posts/:id/hide': area('community', 'write'),
  'POST /api/admin/community/posts/:id/restore': area('community', 'write'),
  'GET /api/admin/community/posts/:id/comments': area('community', 'read'),
  'POST /api/admin/community/comments/:id/hide': area('community', 'write'),
  'POST /api/admin/community/comments/:id/restore': area('community', 'write'),
  'GET /api/admin/community/images/:name': area('community', 'read'),
  'GET /api/admin/community/reports': area('community', 'read'),
  'POST /api/admin/community/reports/:id/dismiss': area('community', 'write'),
  'GET /api/admin/community/bans': area('community', 'read'),
  'POST /api/admin/community/bans': area('community', 'write'),
  'POST /api/admin/community/bans/:player_id/lift': area('community', 'write'),
  'GET /api/admin/community/settings': area('community', 'read'),
  'POST /api/admin/community/settings': area('community', 'write'),
  'GET /api/admin/buy-links': area('community', 'read'),
  'POST /api/admin/buy-links': area('community', 'write'),
  'POST /api/admin/buy-links/:id': area('community', 'write'),
  'POST /api/admin/buy-links/:id/delete': area('community', 'write'),
  'GET /api/admin/agents/tree': area('agents', 'read'),
  'GET /api/admin/agents/chain': area('agents', 'read'),
  'GET /api/admin/agents/tiers': area('agents', 'read'),
  'POST /api/admin/agents/tiers': area('agents', 'write'),
  'GET /api/admin/agents/runs': area('agents', 'read'),
  'POST /api/admin/agents/runs': area('agents', 'write'),
  'POST /api/admin/agents/move': area('agents', 'write'),
  'GET /api/admin/vip/table': area('promotions', 'read'),
  'POST /api/admin/vip/levels': area('promotions', 'write'),
  'POST /api/admin/vip/weights': area('promotions', 'write'),
  'POST /api/admin/vip/settings': area('promotions', 'write'),
  'GET /api/admin/vip/rebate-runs': area('promotions', 'read'),
  'POST /api/admin/vip/rebate-runs': area('promotions', 'write'),
  'POST /api/admin/vip/month-end': area('promotions', 'write'),
  'GET /api/admin/vip/tournaments': area('promotions', 'read'),
  'POST /api/admin/vip/tournaments': area('promotions', 'write'),
  'GET /api/admin/vip/tournaments/:id': area('promotions', 'read'),
  'POST /api/admin/vip/tournaments/:id': area('promotions', 'write'),
  'POST /api/admin/vip/tournaments/:id/pay': area('promotions', 'write'),
  'GET /api/admin/redpacket/rooms': area('community', 'read'),
  'POST /api/admin/redpacket/rooms': area('community', 'write'),
  'POST /api/admin/redpacket/rooms/:id': area('community', 'write'),
  'GET /api/admin/redpacket/packets': area('community', 'read'),
  'GET /api/admin/redpacket/packets/:id': area('community', 'read'),
  'GET /api/admin/promotions': area('promotions', 'read'),
  'GET /api/admin/promotions/templates': area('promotions', 'read'),
  'POST /api/admin/promotions': area('promotions', 'write'),
  'POST /api/admin/promotions/:id': area('promotions', 'write'),
  'POST /api/admin/promotions/:id/status': area('promotions', 'write'),
  'GET /api/admin/promotions/claims': area('promotions', 'read'),
  'GET /api/admin/promotions/households/:id': area('promotions', 'read'),
  'GET /api/admin/promotions/flags': area('promotions', 'read'),
  'POST /api/admin/promotions/flags/:id': area('promotions', 'write'),
  'POST /api/admin/promotions/flags/:id/clear': area('promotions', 'write'),
};

/** Whether an operator with `permissions` may call a route declared as `rule` (password already current). */
export function permits(permissions: Permissions, rule: RoutePermission): boolean {
  if (rule.kind !== 'area') return true;
  return levelAllows(permissions[rule.area], rule.level);
}
