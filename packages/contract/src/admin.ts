import { z } from 'zod';
import {
  flagField,
  intField,
  isoTime,
  listResult,
  moneyString,
  optionalText,
  pageQuery,
  requiredText,
  text,
} from './common';

/**
 * The operator console's API, every route under /api/admin. Operators are separate from players:
 * their own accounts, tokens, sessions and a TOTP second factor. Every route declares the permission it
 * needs (an area at a level); a route without a declaration refuses (deny by default), and a refused call
 * answers HTTP 403 in the envelope and is itself written to the audit log.
 *
 * Conventions as everywhere: snake_case, money as decimal USDT strings, times as ISO 8601 strings, lists as
 * `{ data, total }` with `page` / `size` query parameters.
 */

// ---------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------
// Audit action names: stable dotted words, stored in the audit log. Never rename one once released.

export const AUDIT_ACTIONS = [
  // Operators and their sessions.
  'operator.login',
  'operator.logout',
  'operator.password_change',
  'operator.session_revoke',
  'operator.create',
  'operator.role_change',
  'operator.disable',
  'operator.enable',
  'operator.reset',
  // A refused call (missing permission, or a password change still due): target is the route.
  'permission.denied',
  // Players.
  'player.freeze',
  'player.unfreeze',
  'player.password_reset',
  'player.sign_in_link',
  // Ledger.
  'ledger.adjust',
  'ledger.adjust_approve',
  'ledger.adjust_reject',
  'ledger.verify',
  // Games and content.
  'game.update',
  'provider.update',
  'config.update',
  'banner.create',
  'banner.update',
  'banner.delete',
  'upload.create',
  // Deposits and withdrawals (their modules write these through the audit port).
  'deposit.match',
  'deposit.approve',
  'deposit.reject',
  'deposit.refund',
  'deposit.ignore',
  'deposit.address_add',
  'deposit.address_enable',
  'deposit.address_disable',
  'channel.update',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.pay',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/** Why an operator did something; required on every write that changes a player, money or access. */
export const reasonField = requiredText(256).describe('Why (shown in the audit log)');
const isoTimeQuery = optionalText(40).describe('ISO 8601 time or date; empty = open');
/** A place in a list players see (games, providers, banners): smaller first. */
const sortField = intField({ min: 0, max: 1_000_000 });
const idParam = z.strictObject({ id: intField({ min: 1 }) });
export const adminIdParams = idParam;

/** Operator usernames: 3–32 letters, digits, dot, dash or underscore. */
export const OPERATOR_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
/** Operator passwords are longer than players': 12–128 characters. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;

// ---------------------------------------------------------------------------------------------------------
// Sign-in, password, me, sessions

/** POST /api/admin/login (no token). `totp` is the 6-digit code of the operator's authenticator app. */
export const adminLoginRequest = z.strictObject({
  username: requiredText(64),
  password: requiredText(OPERATOR_PASSWORD_MAX),
  totp: text(8).pipe(z.string().regex(/^\d{6}$/, { message: '须为6位数字' })),
  device: optionalText(128).describe('Browser or device description; the User-Agent is used when empty'),
});
export const adminLoginResult = z.object({
  token: z.string().describe('Operator bearer token; never accepted by player routes'),
  must_change_password: z
    .boolean()
    .describe(
      'true: every admin call except password, me and logout answers OPERATOR_PASSWORD_CHANGE_REQUIRED',
    ),
});

/** POST /api/admin/password */
export const adminPasswordRequest = z.strictObject({
  old_password: requiredText(OPERATOR_PASSWORD_MAX),
  new_password: requiredText(OPERATOR_PASSWORD_MAX),
});
export const adminPasswordResult = z.literal(true);

/** POST /api/admin/logout ends the current session. */
export const adminLogoutResult = z.literal(true);

/** GET /api/admin/me */
export const adminMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRoleSchema,
  permissions: permissionsSchema.describe('Effective permissions: role plus overrides'),
  must_change_password: z.boolean(),
  session_id: z.number().int(),
});

export const adminSession = z.object({
  id: z.number().int(),
  created_at: isoTime,
  last_seen_at: isoTime,
  expires_at: isoTime.describe('Absolute expiry (12 hours after sign-in); idle expiry is 30 minutes'),
  revoked_at: isoTime.nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  current: z.boolean(),
  active: z.boolean(),
});
/** GET /api/admin/sessions: the operator's own sessions, newest first (last 50). */
export const adminSessionsResult = z.array(adminSession);
/** POST /api/admin/sessions/:id/revoke: ends one of the operator's own sessions. */
export const adminRevokeSessionResult = z.literal(true);

// ---------------------------------------------------------------------------------------------------------
// Operators (operators area)

export const OperatorStatus = { ACTIVE: 1, DISABLED: 2 } as const;
export const adminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRoleSchema,
  overrides: permissionOverridesSchema,
  permissions: permissionsSchema,
  status: z.number().int().describe('1 active, 2 disabled'),
  must_change_password: z.boolean(),
  locked_until: isoTime.nullable(),
  last_login_at: isoTime.nullable(),
  created_at: isoTime,
  created_by: z.string().nullable(),
});
/** GET /api/admin/operators */
export const adminOperatorsQuery = z.strictObject({ ...pageQuery });
export const adminOperatorsResult = listResult(adminOperator);

/** POST /api/admin/operators */
export const adminCreateOperatorRequest = z.strictObject({
  username: requiredText(32),
  role: operatorRoleSchema,
  permissions: permissionOverridesSchema.optional().describe('Per-area overrides (not for admin)'),
  reason: reasonField,
});
/** The one time the password and TOTP secret are shown; they cannot be read again. */
export const operatorCredentials = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string().describe('One-time password; must be changed at first sign-in'),
  totp_secret: z.string().describe('Base32 TOTP secret'),
  otpauth_uri: z.string().describe('otpauth://totp/… for authenticator apps (render as a QR code)'),
});
export const adminCreateOperatorResult = operatorCredentials;

/** POST /api/admin/operators/:id/role */
export const adminOperatorRoleRequest = z.strictObject({
  role: operatorRoleSchema,
  permissions: permissionOverridesSchema.optional(),
  reason: reasonField,
});
export const adminOperatorRoleResult = adminOperator;
/** POST /api/admin/operators/:id/disable and /enable: a disabled operator's sessions end at once. */
export const adminOperatorStatusRequest = z.strictObject({ reason: reasonField });
export const adminOperatorStatusResult = adminOperator;
/** POST /api/admin/operators/:id/reset: new one-time password and new TOTP secret; sessions end. */
export const adminOperatorResetRequest = z.strictObject({ reason: reasonField });
export const adminOperatorResetResult = operatorCredentials;

// ---------------------------------------------------------------------------------------------------------
// Audit (audit area)

/** GET /api/admin/audit */
export const adminAuditQuery = z.strictObject({
  operator: optionalText(64).describe('Operator username (exact)'),
  action: optionalText(64).describe('Action name (exact), e.g. player.freeze'),
  target: optionalText(128).describe('Target as "type:id" (e.g. player:42) or a bare type (player)'),
  from: isoTimeQuery,
  to: isoTimeQuery,
  ...pageQuery,
});
export const auditEntry = z.object({
  id: z.number().int().describe('Position in the chain (1, 2, …)'),
  at: isoTime,
  operator_id: z.number().int().nullable(),
  operator: z.string().nullable().describe('Username at the time; null for a failed sign-in of nobody'),
  ip: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(['ok', 'denied']),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  hash: z.string().describe('SHA-256 over the previous row hash and this row'),
});
export const adminAuditResult = listResult(auditEntry);

/** POST /api/admin/audit/verify: recomputes the hash chain. */
export const auditVerifyResult = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  first_bad_id: z.number().int().nullable(),
  problem: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Players (players area; adjustments are ledger)

export const PlayerStatusCode = { ACTIVE: 1, FROZEN: 2 } as const;

/** GET /api/admin/players */
export const adminPlayersQuery = z.strictObject({
  keyword: optionalText(64).describe('Username (part), exact id, or exact invite code'),
  status: intField({ min: 0, max: 2 }).optional().describe('1 active, 2 frozen; 0 or missing = all'),
  registered_from: isoTimeQuery,
  registered_to: isoTimeQuery,
  sort: z.enum(['id', 'username', 'created_at', 'last_login_at']).optional().default('id'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  ...pageQuery,
});
export const adminPlayerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.number().int(),
  invite_code: z.string(),
  inviter_id: z.number().int().nullable(),
  vip_level: z.number().int(),
  balance: moneyString.describe('Available balance, 6 decimals'),
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
  register_ip: z.string().nullable(),
});
export const adminPlayersResult = listResult(adminPlayerRow);

export const adminLedgerEntry = z.object({
  transfer_id: z.string(),
  code: z.number().int(),
  code_name: z.string(),
  amount: z.string().describe('Signed change for the player, USDT'),
  balance_after: z.string(),
  state: z.number().int().describe('Entry phase: 1 posted, 2 hold, 3 post of a hold, 4 void of a hold'),
  reference_type: z.string(),
  reference_id: z.string(),
  created_at: isoTime,
});
export const adminLoginRecord = z.object({
  at: isoTime,
  success: z.boolean(),
  reason: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
});
/** GET /api/admin/players/:id */
export const adminPlayerDetail = z.object({
  player: adminPlayerRow,
  balance: z.object({ posted: z.string(), held: z.string(), available: z.string() }),
  flags: z.object({
    frozen: z.boolean(),
    locked_until: isoTime.nullable(),
    withdraw_password_set: z.boolean(),
    age_confirmed_at: isoTime,
  }),
  self_excluded_until: isoTime.nullable(),
  inviter: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  invitees: z.object({
    total: z.number().int(),
    data: z.array(z.object({ id: z.number().int(), username: z.string(), created_at: isoTime })),
  }),
  ledger: z.array(adminLedgerEntry).describe('Latest 50 ledger entries'),
  logins: z.array(adminLoginRecord).describe('Latest 50 sign-in attempts'),
  register_device: z.string().nullable(),
  active_sessions: z.number().int(),
});

/** POST /api/admin/players/:id/freeze and /unfreeze */
/** The body of every console write on one player (freeze, unfreeze, reset-password, sign-in-link): why. */
export const adminPlayerActionRequest = z.strictObject({ reason: reasonField });
export const adminFreezeRequest = adminPlayerActionRequest;
export const adminFreezeResult = z.object({ id: z.number().int(), status: z.number().int() });

/** POST /api/admin/players/:id/reset-password: a one-time login password, shown once. */
export const adminResetPasswordRequest = adminPlayerActionRequest;
export const adminResetPasswordResult = z.object({ id: z.number().int(), password: z.string() });

/**
 * POST /api/admin/players/:id/sign-in-link: a one-time sign-in link (decision 31) support hands to a player
 * who cannot sign in; it works once, for 2 minutes. The code is shown once and kept only as its hash.
 */
export const adminSignInLinkRequest = adminPlayerActionRequest;
export const adminSignInLinkResult = z.object({
  id: z.number().int(),
  path: z.string().describe('The link to send, `/?token=<one-time code>`, relative to the player app'),
  expires_at: z.string(),
});

// ---------------------------------------------------------------------------------------------------------
// Manual ledger adjustments with two-operator approval (ledger area)

export const AdjustmentStatus = {
  /** Above the approval threshold: waits for a second, different operator. */
  PENDING: 'pending',
  APPLIED: 'applied',
  REJECTED: 'rejected',
} as const;
export const adjustmentStatusSchema = z.enum(['pending', 'applied', 'rejected']);

/** POST /api/admin/players/:id/adjust */
export const adminAdjustRequest = z.strictObject({
  amount: moneyString.describe('Signed USDT: "12.5" credits the player, "-3" debits'),
  reason: reasonField,
  request_id: optionalText(64).describe(
    'Client idempotency id; a retry with the same id answers the same request',
  ),
});
export const adjustmentRow = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  username: z.string(),
  amount: z.string().describe('Signed USDT'),
  reason: z.string(),
  status: adjustmentStatusSchema,
  requested_by: z.string(),
  requested_at: isoTime,
  decided_by: z.string().nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  transfer_id: z.string().nullable().describe('The ledger transfer once applied'),
  needs_approval: z.boolean(),
});
export const adminAdjustResult = adjustmentRow;

/** GET /api/admin/adjustments */
export const adminAdjustmentsQuery = z.strictObject({
  status: z.enum(['pending', 'applied', 'rejected', '']).optional().default(''),
  player_id: intField({ min: 0 }).optional(),
  ...pageQuery,
});
export const adminAdjustmentsResult = listResult(adjustmentRow);
/** POST /api/admin/adjustments/:id/approve (a different operator) and /reject */
export const adminAdjustmentDecisionRequest = z.strictObject({ reason: optionalText(256) });
export const adminAdjustmentDecisionResult = adjustmentRow;

// ---------------------------------------------------------------------------------------------------------
// Ledger explorer (ledger area)

/** GET /api/admin/ledger/transfers */
export const adminTransfersQuery = z.strictObject({
  player: optionalText(64).describe('Player id or username'),
  account_id: optionalText(20).describe('Ledger account id (either side)'),
  code: intField({ min: 0, max: 99 }).optional().describe('Transfer code; 0 or missing = all'),
  reference_type: optionalText(128),
  reference_id: optionalText(128),
  from: isoTimeQuery,
  to: isoTimeQuery,
  ...pageQuery,
});
export const adminTransferRow = z.object({
  id: z.string(),
  key: z.string(),
  code: z.number().int(),
  code_name: z.string(),
  state: z.number().int().describe('1 posted, 2 pending, 3 pending posted, 4 pending voided'),
  amount: z.string(),
  debit_account_id: z.string(),
  debit_label: z.string().describe('player:<id> <username> or the system account name'),
  credit_account_id: z.string(),
  credit_label: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  metadata: z.unknown().nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export const adminTransfersResult = listResult(adminTransferRow);

/** GET /api/admin/ledger/system-accounts: each system account summed over its shards. */
export const adminSystemAccount = z.object({
  name: z.string(),
  currency: z.string(),
  balance: z.string().describe('credits_posted − debits_posted, signed'),
  pending_debits: z.string(),
  pending_credits: z.string(),
  shards: z.number().int(),
});
export const adminSystemAccountsResult = z.array(adminSystemAccount);

/** POST /api/admin/ledger/verify: runs ledger:verify now (recorded as ledger.verify in the audit log). */
export const adminLedgerVerifyResult = z.object({
  ok: z.boolean(),
  checked_at: isoTime,
  transfers: z.number().int(),
  entries: z.number().int(),
  violations: z.array(z.object({ invariant: z.string(), message: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------
// Games and providers (games area)

/** GET /api/admin/games */
export const adminGamesQuery = z.strictObject({
  plat_type: intField({ min: 0, max: 15 }).optional(),
  game_type: intField({ min: 0, max: 7 }).optional(),
  status: intField({ min: 0, max: 4 }).optional(),
  keyword: optionalText(50),
  ...pageQuery,
});
export const adminGameRow = z.object({
  id: z.number().int(),
  game_code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  plat_type_id: z.number().int(),
  game_type_id: z.number().int(),
  status: z.number().int().describe('1 playable, 2 maintenance, 3 coming soon, 4 stay tuned'),
  enabled: z.boolean().describe('false hides the game from players'),
  is_hot: z.boolean(),
  sort: z.number().int(),
  image: z.string(),
  provider_enabled: z.boolean(),
});
export const adminGamesResult = listResult(adminGameRow);
/** POST /api/admin/games/:id: any subset of the fields. */
export const adminGameUpdateRequest = z.strictObject({
  enabled: flagField().optional(),
  status: intField({ min: 1, max: 4 }).optional(),
  is_hot: flagField().optional(),
  sort: sortField.optional(),
  reason: optionalText(256),
});
export const adminGameUpdateResult = adminGameRow;

/** GET /api/admin/providers */
export const adminProviderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  wallet_model: z.string(),
  enabled: z.boolean().describe('false hides every game of the provider'),
  sort: z.number().int(),
  game_count: z.number().int(),
});
export const adminProvidersResult = z.array(adminProviderRow);
/** POST /api/admin/providers/:id */
export const adminProviderUpdateRequest = z.strictObject({
  enabled: flagField().optional(),
  sort: sortField.optional(),
  reason: optionalText(256),
});
export const adminProviderUpdateResult = adminProviderRow;

/** GET /api/admin/provider-alerts: seamless-wallet calls refused as beyond what a provider may ask. */
export const adminProviderAlertsQuery = z.strictObject({ ...pageQuery });
export const PROVIDER_ALERT_KINDS = {
  1: 'win_over_limit',
  2: 'second_win',
  3: 'rollback_after_win',
} as const;
export const adminProviderAlertRow = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  kind: z
    .enum(['win_over_limit', 'second_win', 'rollback_after_win'])
    .describe("win above the game's bound; a second win on one bet; a bet refund while its round has a win"),
  player_id: z.number().int().nullable(),
  round_id: z.string(),
  game_code: z.string(),
  transaction_uuid: z.string(),
  amount: moneyString.describe('what the provider asked for (USDT)'),
  limit: moneyString.nullable().describe('the bound it crossed (USDT), when there is one'),
  created_at: z.string(),
});
export const adminProviderAlertsResult = listResult(adminProviderAlertRow);

// ---------------------------------------------------------------------------------------------------------
// Content: config items and banners (content area)

/** Spec §3's items 1–7, and 8 (licence text) and 9 (responsible-gambling text) shown on the player's /about. */
export const CONFIG_ITEM_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const adminConfigItem = z.object({
  id: z.number().int(),
  content: z.string(),
  updated_at: isoTime.nullable(),
});
/** GET /api/admin/config-items: ids 1–9, missing ones with empty content. */
export const adminConfigItemsResult = z.array(adminConfigItem);
/** POST /api/admin/config-items/:id (id 1–9) */
export const adminConfigItemParams = z.strictObject({
  id: intField({ min: 1, max: Math.max(...CONFIG_ITEM_IDS) }),
});
export const adminConfigItemRequest = z.strictObject({ content: text(20_000) });
export const adminConfigItemResult = adminConfigItem;

export const adminBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
  activity_type: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  created_at: isoTime,
});
/** GET /api/admin/banners: all, enabled or not. */
export const adminBannersResult = z.array(adminBanner);
/** POST /api/admin/banners (create): image is a URL returned by /api/admin/uploads or a site path. */
export const adminBannerCreateRequest = z.strictObject({
  image: requiredText(512),
  title: requiredText(100),
  link: optionalText(512),
  activity_type: intField({ min: 1, max: 99 }).optional(),
  sort: sortField.optional().default(0),
  enabled: flagField().optional().default(true),
});
/** POST /api/admin/banners/:id (update): any subset. */
export const adminBannerUpdateRequest = z.strictObject({
  image: requiredText(512).optional(),
  title: requiredText(100).optional(),
  link: text(512).optional(),
  activity_type: intField({ min: 0, max: 99 }).optional().describe('0 clears it'),
  sort: sortField.optional(),
  enabled: flagField().optional(),
});
export const adminBannerResult = adminBanner;
/** POST /api/admin/banners/:id/delete */
export const adminBannerDeleteResult = z.literal(true);

/**
 * POST /api/admin/uploads: multipart/form-data with one part named `file`: PNG, JPEG, WebP or GIF, checked
 * by its magic bytes (not its name or declared type), at most UPLOAD_MAX_BYTES. Served back at `url`.
 */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const adminUploadResult = z.object({
  url: z.string().describe('/uploads/<sha256>.<ext>, public'),
  type: z.enum(UPLOAD_TYPES),
  bytes: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// Dashboard (any signed-in operator)

const seriesPoint = z.object({
  date: z.string().describe("Report day (UTC+8, the players' day), YYYY-MM-DD"),
  registrations: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string().describe('Stakes'),
  ggr: z.string().describe('Gross gaming revenue: stakes − wins + rollbacks reversed, signed'),
});
/** GET /api/admin/dashboard */
export const adminDashboardResult = z.object({
  today: seriesPoint,
  last_7_days: z.array(seriesPoint).describe('Oldest first, today last'),
  pending: z.object({
    adjustments: z.number().int(),
    withdrawals: z.number().int().describe('Pending withdrawal holds in the ledger'),
    deposits: z.number().int(),
  }),
  last_ledger_check: z
    .object({ at: isoTime, ok: z.boolean(), by: z.string().nullable(), violations: z.number().int() })
    .nullable(),
  players: z.object({ total: z.number().int(), frozen: z.number().int() }),
});

export type AdminMe = z.infer<typeof adminMe>;
export type AdminOperator = z.infer<typeof adminOperator>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AdminPlayerRow = z.infer<typeof adminPlayerRow>;
export type AdminPlayerDetail = z.infer<typeof adminPlayerDetail>;
export type AdjustmentRow = z.infer<typeof adjustmentRow>;
export type AdminTransferRow = z.infer<typeof adminTransferRow>;
export type AdminGameRow = z.infer<typeof adminGameRow>;
export type AdminProviderRow = z.infer<typeof adminProviderRow>;
export type AdminProviderAlertRow = z.infer<typeof adminProviderAlertRow>;
export type AdminBanner = z.infer<typeof adminBanner>;
export type AdminDashboard = z.infer<typeof adminDashboardResult>;

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
  'POST /api/admin/password': { kind: 'self' },
  'POST /api/admin/logout': { kind: 'self' },
  'GET /api/admin/me': { kind: 'self' },
  'GET /api/admin/sessions': { kind: 'any' },
  'POST /api/admin/sessions/:id/revoke': { kind: 'any' },
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
};

/** Whether an operator with `permissions` may call a route declared as `rule` (password already current). */
export function permits(permissions: Permissions, rule: RoutePermission): boolean {
  if (rule.kind !== 'area') return true;
  return levelAllows(permissions[rule.area], rule.level);
}
