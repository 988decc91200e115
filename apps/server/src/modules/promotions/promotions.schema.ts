import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bigintNumber,
  createdAt,
  flag,
  id,
  kindAndId,
  micro,
  microTotal,
  rowRef,
  state,
  ts,
  turnoverTerms,
  updatedAt,
} from '../../db/columns';

/** A promotion's life: drafted, running (claimable in its period), paused by an operator, ended for good. */
export const PromotionStatus = { DRAFT: 1, RUNNING: 2, PAUSED: 3, ENDED: 4 } as const;
export type PromotionStatus = (typeof PromotionStatus)[keyof typeof PromotionStatus];

/**
 * A promotion (decision 25): one of the spec's types 1–13, evaluated by the template its rules follow. `rules`
 * is validated by that template's Zod schema on every write; `audience` likewise by one schema for all.
 * `spent_micro` only grows, inside the claim's transaction, and never past `budget_micro` (a CHECK says so a
 * second time), so a budget cannot be overspent however many claims race.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    type: smallint('type').notNull(),
    template: text('template').notNull(),
    title: text('title').notNull(),
    /** The title English-mode players see; null shows `title` (the Chinese one) to them too. */
    titleEn: text('title_en'),
    summary: text('summary').notNull().default(''),
    /** Likewise the summary's English; the rich-text body (`content_html`) has one language only. */
    summaryEn: text('summary_en'),
    /** Sanitised HTML (sanitize-html) shown on the detail page. */
    contentHtml: text('content_html').notNull().default(''),
    /** The banner as an SVG document or an image path. */
    banner: text('banner').notNull().default(''),
    /** The activity tab's filter: a game category (1–7) or 0 for every game. */
    category: smallint('category').notNull().default(0),
    rules: jsonb('rules').notNull(),
    audience: jsonb('audience').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    /** null = no budget. */
    budgetMicro: micro('budget_micro'),
    spentMicro: microTotal('spent_micro'),
    /** Claims per player per period (most templates: 1). */
    perPlayerCap: integer('per_player_cap').notNull().default(1),
    oncePerHousehold: flag('once_per_household', false),
    status: state('status', PromotionStatus.DRAFT),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_status_idx').on(t.status, t.sort),
    index('promotions_type_idx').on(t.type),
    check(
      'promotions_budget_ck',
      sql`${t.spentMicro} >= 0 and (${t.budgetMicro} is null or ${t.spentMicro} <= ${t.budgetMicro})`,
    ),
    check('promotions_type_ck', sql`${t.type} between 1 and 13`),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionInsert = typeof promotions.$inferInsert;

/**
 * One paid claim. Unique per promotion, player, period and slot (the per-player cap), so a repeated or racing
 * claim inserts nothing; and per promotion, period and household when the promotion pays once per group of
 * linked accounts (the group's key is its lowest player id when the claim was made).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: id(),
    promotionId: rowRef('promotion_id', () => promotions.id),
    playerId: bigintNumber('player_id').notNull(),
    periodKey: text('period_key').notNull(),
    slot: integer('slot').notNull().default(1),
    householdKey: text('household_key'),
    amountMicro: micro('amount_micro').notNull(),
    /** What the rule saw when it paid (the deposit, the tier, the streak day, the draw …), for support. */
    basis: jsonb('basis').notNull(),
    grantId: bigintNumber('grant_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_claims_player_uq').on(t.promotionId, t.playerId, t.periodKey, t.slot),
    uniqueIndex('promotion_claims_household_uq')
      .on(t.promotionId, t.periodKey, t.householdKey)
      .where(sql`${t.householdKey} is not null`),
    index('promotion_claims_player_idx').on(t.playerId, t.createdAt),
    index('promotion_claims_promotion_idx').on(t.promotionId, t.createdAt),
    check('promotion_claims_amount_ck', sql`${t.amountMicro} > 0`),
  ],
);
export type ClaimRow = typeof promotionClaims.$inferSelect;

/** A bonus grant's state: its turnover still open, played through, or taken back (freeze, expiry). */
export const GrantStatus = { OPEN: 1, CLEARED: 2, FORFEITED: 3, EXPIRED: 4 } as const;
export type GrantStatus = (typeof GrantStatus)[keyof typeof GrantStatus];

/**
 * Every promotional credit (decision 36): one ledger transfer from the promotion-expense account and one
 * turnover requirement, with the terms frozen when it was granted. Unique by its business fact.
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    ...kindAndId('source'),
    title: text('title').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    ...turnoverTerms(),
    /** null = no limit while the requirement is open. */
    maxBetMicro: micro('max_bet_micro'),
    maxWinMicro: micro('max_win_micro'),
    expiresAt: ts('expires_at'),
    status: state('status', GrantStatus.OPEN),
    forfeitedMicro: micro('forfeited_micro'),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bonus_grants_source_uq').on(t.sourceType, t.sourceId),
    index('bonus_grants_player_idx').on(t.playerId, t.status),
    check('bonus_grants_amount_ck', sql`${t.amountMicro} > 0 and ${t.requiredMicro} >= 0`),
  ],
);
export type GrantRow = typeof bonusGrants.$inferSelect;

/** Players an operator barred from promotions, with the reason shown to them when they claim. */
export const promotionFlags = pgTable('promotion_flags', {
  playerId: bigintNumber('player_id').primaryKey(),
  reason: text('reason').notNull(),
  operator: text('operator').notNull(),
  createdAt: createdAt(),
});

/**
 * The daily luck draw's committed seeds (type 5): the hash is published before the day starts, the seed
 * after it ends, so a player can recompute every draw of the day with packages/fair.
 */
export const luckSeeds = pgTable('promotion_luck_seeds', {
  day: text('day').primaryKey(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  createdAt: createdAt(),
});
