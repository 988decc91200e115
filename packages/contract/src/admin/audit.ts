import { z } from 'zod';
import { isoTime, listResult, optionalText } from '../common';
import { timeWindowPage } from './shared';

// Audit action names: stable dotted words, stored in the audit log. Never rename one once released.

export const AUDIT_ACTIONS = [
  // Operators and their sessions.
  'operator.login',
  'operator.logout',
  'operator.password_change',
  'operator.session_revoke',
  'operator.create',
  'operator.enrol',
  'operator.setup',
  'operator.role_change',
  'operator.disable',
  'operator.enable',
  'operator.reset',
  'operator.recovery_codes',
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
  // An unclear payout raised for a person (system entry), and its two-operator settlement.
  'withdrawal.payout_alert',
  'withdrawal.settle_propose',
  'withdrawal.settle_confirm',
  'withdrawal.settle_cancel',
  'withdrawal.method_update',
  // Community moderation and the /buy list.
  'community.post_approve',
  'community.post_reject',
  'community.post_hide',
  'community.post_restore',
  'community.comment_hide',
  'community.comment_restore',
  'community.report_dismiss',
  'community.ban',
  'community.unban',
  'community.settings',
  'community.buy_link_create',
  'community.buy_link_update',
  'community.buy_link_delete',
  // The agent programme.
  'agents.tiers_update',
  'agents.settle',
  'agents.move',
  // VIP levels, rebates and the masters tournament.
  'vip.levels_update',
  'vip.weights_update',
  'vip.settings_update',
  'vip.rebate_run',
  'vip.month_end',
  'tournament.create',
  'tournament.update',
  'tournament.pay',
  // Red-packet rooms.
  'redpacket.room_create',
  'redpacket.room_update',
  // Promotions.
  'promotion.create',
  'promotion.update',
  'promotion.status',
  'promotion.flag',
  'promotion.unflag',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

// ---------------------------------------------------------------------------------------------------------
// Audit (audit area)

/** GET /api/admin/audit */
export const adminAuditQuery = z.strictObject({
  operator: optionalText(64).describe('Operator username (exact)'),
  action: optionalText(64).describe('Action name (exact), e.g. player.freeze'),
  target: optionalText(128).describe('Target as "type:id" (e.g. player:42) or a bare type (player)'),
  ...timeWindowPage(),
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
  hash: z
    .string()
    .describe(
      '`hmac:<key id>:<hex>`: HMAC-SHA256 under the audit key over the previous row hash and this row (rows from before keys: plain SHA-256 hex)',
    ),
});
export const adminAuditResult = listResult(auditEntry);

/** POST /api/admin/audit/verify: recomputes the keyed hash chain and compares it with the latest checkpoints. */
export const auditVerifyResult = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  first_bad_id: z.number().int().nullable(),
  problem: z.string().nullable(),
  /** What was checked, one line each: rows and keys, the checkpoint file's and the witness's latest checkpoint. */
  checks: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
