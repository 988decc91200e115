import { z } from 'zod';
import {
  flagField,
  intField,
  isoTime,
  listResult,
  optionalText,
  playerFields,
  requiredText,
  text,
} from '../common';
import { englishText, reasonField, sortField, timeWindowPage } from './shared';

// Promotions (promotions area): records of the rule engine, their claims, linked accounts and flags.

/** 1 draft, 2 running, 3 paused, 4 ended. */
export const PROMOTION_STATUS_NAMES_ZH: Record<number, string> = {
  1: '草稿',
  2: '进行中',
  3: '已暂停',
  4: '已结束',
};

export const adminPromotion = z.object({
  id: z.number().int(),
  type: z.number().int(),
  template: z.string(),
  title: z.string(),
  title_en: z.string().nullable().describe('null: English mode shows title'),
  summary: z.string(),
  summary_en: z.string().nullable().describe('null: English mode shows summary'),
  content_html: z.string().describe('One language: shown as it is in English mode too'),
  banner: z.string(),
  category: z.number().int(),
  rules: z.record(z.string(), z.unknown()),
  audience: z.record(z.string(), z.unknown()),
  starts_at: isoTime,
  ends_at: isoTime.nullable(),
  budget: z.string().nullable(),
  spent: z.string(),
  claims: z.number().int(),
  per_player_cap: z.number().int(),
  once_per_household: z.boolean(),
  status: z.number().int().describe('1 draft, 2 running, 3 paused, 4 ended'),
  sort: z.number().int(),
  updated_at: isoTime,
});
/** GET /api/admin/promotions */
export const adminPromotionsResult = z.array(adminPromotion);

/** GET /api/admin/promotions/templates: each template's rule schema (JSON Schema) and the types it pays. */
export const adminPromotionTemplatesResult = z.object({
  templates: z.record(z.string(), z.unknown()),
  audience: z.unknown(),
  type_template: z.record(z.string(), z.string()),
});

/** POST /api/admin/promotions (create, as a draft) and /api/admin/promotions/:id (edit). Rules as JSON text. */
export const adminPromotionRequest = z.strictObject({
  type: intField({ min: 1, max: 13 }),
  title: requiredText(60),
  /** Left out on an edit: the English stays as it was; empty: cleared. */
  title_en: englishText(60).optional().describe('English title; empty: English mode shows title'),
  summary: optionalText(200),
  summary_en: englishText(200).optional().describe('English summary; empty: English mode shows summary'),
  content_html: text(20_000).optional().default(''),
  banner: text(200_000).optional().default(''),
  category: intField({ min: 0, max: 7 }).optional().default(0),
  rules: z
    .union([z.record(z.string(), z.unknown()), text(20_000)])
    .describe('Rule parameters (object or JSON text)'),
  audience: z
    .union([z.record(z.string(), z.unknown()), text(2_000)])
    .optional()
    .default({}),
  starts_at: requiredText(40),
  ends_at: optionalText(40),
  budget: optionalText(40).describe('USDT; empty = no budget'),
  per_player_cap: intField({ min: 1, max: 100 }).optional().default(1),
  once_per_household: flagField().optional().default(false),
  sort: sortField.optional().default(0),
});
export const adminPromotionResult = adminPromotion;

/** POST /api/admin/promotions/:id/status: start, pause, resume or end. */
export const adminPromotionStatusRequest = z.strictObject({
  status: intField({ min: 2, max: 4 }).describe('2 running, 3 paused, 4 ended'),
});

/** GET /api/admin/promotions/claims */
export const adminPromotionClaimsQuery = z.strictObject({
  promotion_id: intField({ min: 1 }).optional(),
  player_id: intField({ min: 1 }).optional(),
  ...timeWindowPage(),
});
export const adminPromotionClaim = z.object({
  id: z.number().int(),
  promotion_id: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  player_id: z.number().int(),
  period: z.string(),
  household: z.string().nullable(),
  amount: z.string(),
  basis: z.record(z.string(), z.unknown()),
  grant_id: z.number().int().nullable(),
  created_at: isoTime,
});
export const adminPromotionClaimsResult = listResult(adminPromotionClaim);

/** GET /api/admin/promotions/households/:id: the player's linked-account group and why. */
export const adminHouseholdResult = z.object({
  ...playerFields,
  members: z.array(
    z.object({
      ...playerFields,
      reason: z.string().describe('device, ip, withdrawal_address, trc20_sender'),
      value: z.string(),
      via: z.number().int(),
    }),
  ),
});

/** GET /api/admin/promotions/flags and POST …/flags/:id (flag), …/flags/:id/clear. */
export const adminPromotionFlag = z.object({
  player_id: z.number().int(),
  reason: z.string(),
  operator: z.string(),
  created_at: isoTime,
});
export const adminPromotionFlagsResult = z.array(adminPromotionFlag);
export const adminPromotionFlagRequest = z.strictObject({ reason: reasonField });
