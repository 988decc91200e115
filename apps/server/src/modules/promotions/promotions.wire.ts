import { ERRORS, formatErrorMessage, type Locale } from '@koi/contract';
import type { z } from 'zod';
import type {
  adminPromotion,
  adminPromotionClaim,
  bonusRow,
  promotionItem,
  taskClaimRow,
  taskDetailResult,
} from '@koi/contract';
import { formatPlain } from '@koi/ledger';
import { localName } from '../../lib/local-name';
import { stateNames } from '../../lib/state-names';
import type { ClaimRow, GrantRow, PromotionRow } from './promotions.schema';
import { GrantStatus } from './promotions.schema';
import type { PromotionView } from './promotions.service';
import { termsOf, type Refusal } from './rules';

/* The promotions module's one mapping from camelCase rows to the snake_case wire (decision 3). */

const money = formatPlain;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const refusalText = (r: Refusal | null, locale: Locale) =>
  r ? formatErrorMessage(r.key, locale, r.params) : null;

export function promotionItemWire(v: PromotionView, locale: Locale): z.input<typeof promotionItem> {
  const p = v.promotion;
  return {
    id: p.id,
    type: p.type,
    template: v.template,
    title: localName(p.title, p.titleEn, locale),
    summary: localName(p.summary, p.summaryEn, locale),
    banner: p.banner,
    category: p.category,
    starts_at: p.startsAt.toISOString(),
    ends_at: iso(p.endsAt),
    state: v.state,
    amount: money(v.amountMicro),
    refusal: refusalText(v.refusal, locale),
    refusal_code: v.refusal ? ERRORS[v.refusal.key].code : null,
    progress: v.evaluation?.progress ?? [],
    next_at: iso(v.evaluation?.nextAt ?? null),
    budget_left: p.budgetMicro === null ? null : money(p.budgetMicro - p.spentMicro),
  };
}

export function promotionDetailWire(v: PromotionView, locale: Locale): z.input<typeof taskDetailResult> {
  const p = v.promotion;
  const terms = termsOf(v.template, p.rules);
  return {
    ...promotionItemWire(v, locale),
    content_html: p.contentHtml,
    rules: p.rules as Record<string, unknown>,
    terms: terms && {
      multiple: (terms.multiple_centis / 100).toString(),
      max_bet: terms.max_bet,
      max_win: terms.max_win,
      expiry_days: terms.expiry_days,
    },
    audience: p.audience as Record<string, unknown>,
    once_per_household: p.oncePerHousehold,
  };
}

export const claimRowWire = (
  c: ClaimRow & { title: string; titleEn: string | null; type: number },
  locale: Locale,
): z.input<typeof taskClaimRow> => ({
  id: c.id,
  promotion_id: c.promotionId,
  type: c.type,
  title: localName(c.title, c.titleEn, locale),
  period: c.periodKey,
  amount: money(c.amountMicro),
  created_at: c.createdAt.toISOString(),
});

const GRANT_STATE = stateNames(GrantStatus);

export function bonusWire(b: {
  grant: GrantRow;
  status: GrantStatus;
  remainingMicro: bigint;
  doneMicro: bigint;
}): z.input<typeof bonusRow> {
  const g = b.grant;
  const percent = g.requiredMicro === 0n ? 100 : Number((b.doneMicro * 10_000n) / g.requiredMicro) / 100;
  return {
    id: g.id,
    title: g.title,
    source: g.sourceType,
    amount: money(g.amountMicro),
    state: GRANT_STATE.name(b.status),
    required: money(g.requiredMicro),
    done: money(b.doneMicro),
    remaining: money(b.remainingMicro),
    percent,
    multiple: (g.multipleCentis / 100).toString(),
    max_bet: g.maxBetMicro === null ? null : money(g.maxBetMicro),
    max_win: g.maxWinMicro === null ? null : money(g.maxWinMicro),
    expires_at: iso(g.expiresAt),
    forfeited: g.forfeitedMicro === null ? null : money(g.forfeitedMicro),
    forfeit_reason: forfeitReason(g),
    created_at: g.createdAt.toISOString(),
  };
}

/**
 * Why a grant's money was taken back: a cleared grant with a forfeited amount had its winnings above max_win
 * cut (the service's design note); a forfeited or expired one lost its promotional part.
 */
function forfeitReason(g: GrantRow): 'max_win' | 'forfeited' | 'expired' | null {
  if (g.forfeitedMicro === null || g.forfeitedMicro === 0n) return null;
  if (g.status === GrantStatus.CLEARED) return 'max_win';
  return g.status === GrantStatus.EXPIRED ? 'expired' : 'forfeited';
}

export const adminPromotionWire = (
  p: PromotionRow,
  claims: { count: number } | undefined,
): z.input<typeof adminPromotion> => ({
  id: p.id,
  type: p.type,
  template: p.template,
  title: p.title,
  title_en: p.titleEn,
  summary: p.summary,
  summary_en: p.summaryEn,
  content_html: p.contentHtml,
  banner: p.banner,
  category: p.category,
  rules: p.rules as Record<string, unknown>,
  audience: p.audience as Record<string, unknown>,
  starts_at: p.startsAt.toISOString(),
  ends_at: iso(p.endsAt),
  budget: p.budgetMicro === null ? null : money(p.budgetMicro),
  spent: money(p.spentMicro),
  claims: claims?.count ?? 0,
  per_player_cap: p.perPlayerCap,
  once_per_household: p.oncePerHousehold,
  status: p.status,
  sort: p.sort,
  updated_at: p.updatedAt.toISOString(),
});

export const adminClaimWire = (
  c: ClaimRow & { title: string; type: number },
): z.input<typeof adminPromotionClaim> => ({
  id: c.id,
  promotion_id: c.promotionId,
  title: c.title,
  type: c.type,
  player_id: c.playerId,
  period: c.periodKey,
  household: c.householdKey,
  amount: money(c.amountMicro),
  basis: c.basis as Record<string, unknown>,
  grant_id: c.grantId,
  created_at: c.createdAt.toISOString(),
});
