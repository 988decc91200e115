import { z } from 'zod';
import { intField, isoTime, listResult, pageQuery } from './common';

/*
 * Promotions for the player (spec §7 task calls; decisions 25, 36). The spec names the calls but not their
 * payloads; these are Koi's (decision 3). A promotion's `type` is the spec's promotion type 1–13.
 */

/**
 * ISO 3166-1 alpha-2: the 249 officially assigned codes. Written out rather than asked of Intl, whose region
 * names also cover withdrawn codes (SU, YU), aliases (UK) and groupings (EU, UN) that are not countries, and
 * whose data differs between runtimes; the server and the console must agree on one list.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW '
)
  .split(' ')
  .filter(Boolean);
const COUNTRY_CODE_SET = new Set(COUNTRY_CODES);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 country code (upper case). */
export const isCountryCode = (code: string): boolean => COUNTRY_CODE_SET.has(code);

/** A promotion audience's countries (decision 25): assigned alpha-2 codes, none twice; empty = every country. */
export const audienceCountries = z
  .array(
    z.string().refine(isCountryCode, { message: '国家或地区代码须为ISO 3166-1两位大写字母代码（如VN）' }),
  )
  .max(COUNTRY_CODES.length)
  .refine((codes) => new Set(codes).size === codes.length, { message: '国家或地区不能重复' })
  .default([])
  .describe('ISO 3166-1 alpha-2 codes of the countries whose players may claim; empty = every country');

/** How a promotion stands for the asking player. */
export const PROMOTION_STATES = ['claimable', 'claimed', 'locked', 'info', 'guest'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const promotionProgress = z.object({
  label: z
    .string()
    .describe(
      'What is measured: deposit, valid_bet, valid_bet_current, loss, multiplier, streak, days_since_signup',
    ),
  current: z.string(),
  target: z.string(),
});

export const promotionItem = z.object({
  id: z.number().int(),
  type: z.number().int().describe('Promotion type 1–13 (spec §3)'),
  template: z.string().describe('The rule template that pays it'),
  title: z.string(),
  summary: z.string(),
  banner: z.string().describe('SVG document or image path'),
  category: z.number().int().describe('Game category 1–7 it is about; 0 = every game'),
  starts_at: isoTime,
  ends_at: isoTime.nullable(),
  state: z.enum(PROMOTION_STATES),
  amount: z.string().describe('What a claim now pays (claimable) or paid (claimed); "0" otherwise'),
  refusal: z.string().nullable().describe('Why it cannot be claimed now, in the request language'),
  refusal_code: z.number().int().nullable(),
  progress: z.array(promotionProgress),
  next_at: isoTime.nullable().describe('When the answer may change (a countdown)'),
  budget_left: z.string().nullable().describe('null = no budget'),
});

/** GET /api/plat/task/list: running promotions (signed in: with the player's state). */
export const taskListQuery = z.strictObject({
  category: intField({ min: 0, max: 7 }).optional(),
});
export const taskListResult = z.array(promotionItem);

/**
 * GET /api/plat/task/detail: one promotion by id, or by activity_type (spec §2 banners): a type 1–13 opens the
 * newest running promotion of that type; 999 (the invitation banner) opens everyone-an-agent (type 13).
 */
export const taskDetailQuery = z
  .strictObject({
    id: intField({ min: 1 }).optional(),
    activity_type: intField({ min: 1, max: 999 }).optional(),
  })
  .refine((q) => q.id !== undefined || q.activity_type !== undefined, {
    message: '须提供 id 或 activity_type',
  });
export const bonusTermsWire = z.object({
  multiple: z.string().describe('Turnover multiple, e.g. "10"'),
  max_bet: z.string().nullable(),
  max_win: z.string().nullable(),
  expiry_days: z.number().int().nullable(),
});
export const taskDetailResult = promotionItem.extend({
  content_html: z.string().describe('Sanitised rich text'),
  rules: z.record(z.string(), z.unknown()).describe("The template's rule parameters"),
  terms: bonusTermsWire.nullable(),
  audience: z.record(z.string(), z.unknown()),
  once_per_household: z.boolean(),
});

/** POST /api/plat/task/receive: claim one promotion's reward. */
export const taskReceiveRequest = z.strictObject({ id: intField({ min: 1 }) });
export const taskReceiveResult = z.object({
  claim_id: z.number().int(),
  promotion_id: z.number().int(),
  amount: z.string(),
  bonus_id: z.number().int(),
  turnover_required: z.string(),
  expires_at: isoTime.nullable(),
});

/** POST /api/plat/task/receive/log: the player's claims, newest first. */
export const taskReceiveLogRequest = z
  .strictObject({ ...pageQuery })
  .nullish()
  .transform((v) => v ?? { page: 1, size: 20 });
export const taskClaimRow = z.object({
  id: z.number().int(),
  promotion_id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  period: z.string(),
  amount: z.string(),
  created_at: isoTime,
});
export const taskReceiveLogResult = listResult(taskClaimRow);

/** GET /api/task/get/log/receive: everything claimable now (the benefit centre). */
export const claimableResult = z.object({
  total: z.string().describe('Sum of every claimable amount'),
  list: z.array(promotionItem),
});

/** POST /api/task/get/receive: claim everything claimable; each item answers on its own. */
export const claimAllResult = z.object({
  total: z.string().describe('Sum actually paid'),
  list: z.array(
    z.object({
      promotion_id: z.number().int(),
      title: z.string(),
      amount: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

/** POST /api/plat/bonuses: every promotional credit with its turnover progress. */
export const BONUS_STATES = ['open', 'cleared', 'forfeited', 'expired'] as const;
export const BONUS_FORFEIT_REASONS = ['max_win', 'forfeited', 'expired'] as const;
export const bonusRow = z.object({
  id: z.number().int(),
  title: z.string(),
  source: z.string().describe('promotion, vip_level, rebate, tournament …'),
  amount: z.string(),
  state: z.enum(BONUS_STATES),
  required: z.string().describe('Turnover required'),
  done: z.string().describe('Valid bets counted so far'),
  remaining: z.string(),
  percent: z.number().describe('done ÷ required, 0–100, two decimals'),
  multiple: z.string(),
  max_bet: z.string().nullable(),
  max_win: z.string().nullable(),
  expires_at: isoTime.nullable(),
  forfeited: z.string().nullable().describe('What was taken back to the promotion account, if anything'),
  forfeit_reason: z
    .enum(BONUS_FORFEIT_REASONS)
    .nullable()
    .describe(
      'Why `forfeited` was taken: max_win = winnings above the largest convertible win, cut when the turnover ' +
        'completed (state stays cleared); forfeited = account frozen or self-excluded; expired = not played ' +
        'through in time. null when nothing was taken',
    ),
  created_at: isoTime,
});
export const bonusesResult = z.array(bonusRow);

/** GET /api/plat/task/luck: the daily luck draw's commitments (today's hash; earlier days' seeds revealed). */
export const luckSeedsResult = z.object({
  client_seed_pattern: z.string().describe('koi-luck-<player id>'),
  days: z.array(
    z.object({ day: z.string(), server_seed_hash: z.string(), server_seed: z.string().nullable() }),
  ),
});
