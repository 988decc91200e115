import { z } from 'zod';
import { decimalToMicro, formatPlain } from '@koi/ledger';
import { audienceCountries, type ErrorKey, type ErrorParam } from '@koi/contract';
import { DAY_MS, REPORT_UTC_OFFSET_MS, reportDay, startOfReportDay } from '../../lib/time-range';

/*
 * Design note: the rule engine (decision 25).
 *
 * A promotion names one of the spec's types 1–13 and the template that pays it. A template is three things: a
 * Zod schema of its rule parameters (checked on every console write, and read back through it, so a stored
 * rule is always one the template understands), the period a claim belongs to (once, a UTC+8 day, a week
 * starting Monday, a month), and `evaluate`, which reads the facts it needs through `Facts` and says what the
 * player could claim now, or why not, and how far they are. The service owns everything around it that is
 * the same for every template: audience, status and dates, the unique claim key, the budget, households,
 * and the grant with its frozen terms.
 *
 * Facts come only from their owners: valid bets from the bets module's valid-bet feed (so a rolled-back
 * round or a near-certain originals bet counts nothing, valid-bets.ts), deposits from the ledger's DEPOSIT
 * transfers to the player through the wallet service. Templates that pay on a finished window (turnover
 * tiers, loss rescue) pay for the previous period, so what they pay never changes after it is claimed.
 *
 * Money in rule parameters is USDT as decimal text ("12.5"), like on the wire; rates are basis points
 * (10000 = 100 %) and multipliers hundredths, so nothing is a float.
 */

/** USDT as text, at most 6 decimals, up to a billion. */
const usdt = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,6})?$/, { message: '金额格式不正确（最多6位小数）' })
  .refine((s) => decimalToMicro(s) !== null, { message: '金额格式不正确' });
const positiveUsdt = usdt.refine((s) => (decimalToMicro(s) ?? 0n) > 0n, { message: '必须大于0' });
const categories = z
  .array(z.number().int().min(1).max(7))
  .max(7)
  .default([])
  .describe('Game categories 1–7 whose valid bets count; empty = all');

/** The bonus terms every template grants with (decision 36), frozen into the grant when it is paid. */
export const bonusTermsSchema = z.strictObject({
  multiple_centis: z.number().int().min(0).max(100_000).default(1000).describe('Turnover multiple, 100 = 1×'),
  max_bet: usdt.nullable().default(null).describe('Largest stake while the requirement is open; null = none'),
  max_win: usdt.nullable().default(null).describe('Largest convertible win; null = none'),
  expiry_days: z.number().int().min(1).max(365).nullable().default(30),
});
export type BonusTerms = z.output<typeof bonusTermsSchema>;

const withTerms = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, terms: bonusTermsSchema.prefault({}) });

export const TEMPLATE_SCHEMAS = {
  deposit_match: withTerms({
    deposit: z.enum(['first', 'daily_first']).describe('The first deposit ever, or the first of each day'),
    percent_bp: z.number().int().min(1).max(100_000).describe('Bonus in basis points of the deposit'),
    min_deposit: usdt,
    max_bonus: positiveUsdt,
  }),
  turnover_tiers: withTerms({
    window: z.enum(['day', 'week', 'month']).describe('The finished period whose valid bets count'),
    categories,
    tiers: z
      .array(z.strictObject({ min_valid_bet: positiveUsdt, reward: positiveUsdt }))
      .min(1)
      .max(20)
      .refine((tiers) => isAscending(tiers.map((t) => t.min_valid_bet)), { message: '档位须按流水从小到大' }),
  }),
  loss_rescue: withTerms({
    window: z.enum(['day', 'week']),
    categories,
    min_loss: positiveUsdt,
    percent_bp: z.number().int().min(1).max(10_000),
    max_bonus: positiveUsdt,
  }),
  multiplier_hit: withTerms({
    categories,
    min_multiplier_centis: z.number().int().min(101).max(100_000_000).describe('Payout ÷ stake, 100 = 1×'),
    max_stake: positiveUsdt,
    reward: positiveUsdt,
  }),
  trial: withTerms({
    amount: positiveUsdt,
    new_player_days: z.number().int().min(1).max(365).describe('Only players registered this recently'),
  }),
  daily_luck: withTerms({
    min_valid_bet: usdt.describe('Valid bets today needed to draw'),
    prizes: z
      .array(z.strictObject({ amount: positiveUsdt, weight: z.number().int().min(1).max(1_000_000) }))
      .min(1)
      .max(20),
  }),
  check_in: withTerms({
    min_valid_bet: usdt.describe('Valid bets today needed to check in'),
    rewards: z.array(positiveUsdt).min(1).max(31).describe('Reward of streak day 1, 2, …; the last repeats'),
  }),
  agent: z.strictObject({
    commission_note: z.string().max(200).default(''),
  }),
} as const;

export type TemplateName = keyof typeof TEMPLATE_SCHEMAS;
export const TEMPLATE_NAMES = Object.keys(TEMPLATE_SCHEMAS) as TemplateName[];
export type RulesOf<T extends TemplateName> = z.output<(typeof TEMPLATE_SCHEMAS)[T]>;

/** The spec's promotion types 1–13 (spec §3) and the template each is paid by. */
export const TYPE_TEMPLATE: Record<number, TemplateName> = {
  1: 'deposit_match',
  2: 'turnover_tiers',
  3: 'trial',
  4: 'loss_rescue',
  5: 'daily_luck',
  6: 'multiplier_hit',
  7: 'deposit_match',
  8: 'multiplier_hit',
  9: 'turnover_tiers',
  10: 'check_in',
  11: 'turnover_tiers',
  12: 'turnover_tiers',
  13: 'agent',
};

function isAscending(values: string[]): boolean {
  for (let i = 1; i < values.length; i += 1) {
    if (decimalToMicro(values[i]!)! <= decimalToMicro(values[i - 1]!)!) return false;
  }
  return true;
}

export const micro = (text: string): bigint => decimalToMicro(text)!;
export const microOrNull = (text: string | null): bigint | null => (text === null ? null : micro(text));

/** Who may claim (one schema for every template). */
export const audienceSchema = z.strictObject({
  vip_min: z.number().int().min(0).max(10).default(0),
  vip_max: z.number().int().min(0).max(10).default(10),
  /** Only players registered within this many days; null = everyone. */
  new_player_days: z.number().int().min(1).max(3650).nullable().default(null),
  /** Only players who signed up with an invitation. */
  invited_only: z.boolean().default(false),
  /** Only players whose sign-up country is one of these (ISO 3166-1 alpha-2); empty = every country. */
  countries: audienceCountries,
});
export type Audience = z.output<typeof audienceSchema>;

// ----- periods (UTC+8, like every report) -----

export type Window = 'day' | 'week' | 'month';

/** [from, to) of the period containing `at`, and its key. */
export function periodOf(window: Window, at: Date): { key: string; from: Date; to: Date } {
  const dayStart = startOfReportDay(at.getTime());
  if (window === 'day')
    return { key: reportDay(at), from: new Date(dayStart), to: new Date(dayStart + DAY_MS) };
  if (window === 'week') {
    // Weeks start on Monday; 1970-01-01 (UTC+8) was a Thursday.
    const dayIndex = Math.round((dayStart + REPORT_UTC_OFFSET_MS) / DAY_MS);
    const monday = dayStart - ((dayIndex + 3) % 7) * DAY_MS;
    return {
      key: `W${reportDay(new Date(monday))}`,
      from: new Date(monday),
      to: new Date(monday + 7 * DAY_MS),
    };
  }
  const local = new Date(at.getTime() + REPORT_UTC_OFFSET_MS);
  const from = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - REPORT_UTC_OFFSET_MS;
  const to = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - REPORT_UTC_OFFSET_MS;
  return { key: reportDay(new Date(from)).slice(0, 7), from: new Date(from), to: new Date(to) };
}

/** The finished period before the one containing `at`. */
export function previousPeriod(window: Window, at: Date) {
  return periodOf(window, new Date(periodOf(window, at).from.getTime() - 1));
}

/** The last report day of [from, to) as YYYY-MM-DD. */
export const lastDayOf = (p: { to: Date }) => reportDay(new Date(p.to.getTime() - 1));

// ----- evaluation -----

/** What a template reads. Every read is scoped to the player who asks. */
export interface Facts {
  now: Date;
  player: { id: number; createdAt: Date; vipLevel: number; invited: boolean };
  /** Valid bets (stake) and the player's result on report days [fromDay, toDay] in the categories (empty: all). */
  validBets(
    fromDay: string,
    toDay: string,
    categories: readonly number[],
  ): Promise<{ stakeMicro: bigint; resultMicro: bigint }>;
  /** DEPOSIT transfers credited to the player in [from, to), oldest first; `from` null = since ever. */
  deposits(from: Date | null, to: Date): Promise<{ id: string; amountMicro: bigint; at: Date }[]>;
  /** The best valid settled round in [from, to) at a stake ≤ maxStake in the categories, by payout ÷ stake. */
  bestHit(
    from: Date,
    to: Date,
    categories: readonly number[],
    maxStakeMicro: bigint,
  ): Promise<{ roundId: string; stakeMicro: bigint; payoutMicro: bigint } | null>;
  /** Period keys of this promotion the player already claimed, among `keys`. */
  claimedKeys(keys: string[]): Promise<Set<string>>;
  /** The day's luck-draw result for the player (daily luck). */
  luckDraw(day: string, weights: number[]): Promise<{ index: number; serverSeedHash: string; float: number }>;
}

export interface Progress {
  /** What is measured: 'valid_bet', 'deposit', 'loss', 'multiplier', 'streak'. */
  label: string;
  current: string;
  target: string;
}

export type Refusal = { key: ErrorKey; params?: Record<string, ErrorParam> };

export interface Evaluation {
  /** The claim's period; a claim is unique per promotion, player and period key. */
  periodKey: string;
  /** What a claim now would pay (0 when nothing). */
  amountMicro: bigint;
  /** Why nothing can be claimed now, when so. */
  refusal: Refusal | null;
  progress: Progress[];
  /** What the claim is based on, stored with it. */
  basis: Record<string, unknown>;
  /** When the player can next try (a countdown on the page), if the answer changes with time. */
  nextAt: Date | null;
}

const show = (m: bigint) => formatPlain(m);
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** Why a rule is not reached yet, in both languages (the refusal's message fills in the request's). */
const NOT_REACHED_TEXT = {
  first_deposit: { zh: '完成首次充值后可领取', en: 'make your first deposit to claim' },
  daily_deposit: { zh: '今日充值后可领取', en: 'deposit today to claim' },
  deposit_too_small: { zh: '充值金额低于活动最低要求', en: 'the deposit is below the minimum' },
  valid_bet_short: { zh: '有效投注未达到要求', en: 'not enough valid bets yet' },
  loss_short: { zh: '上期净亏损未达到最低要求', en: "last period's net loss is below the minimum" },
  multiplier_short: {
    zh: '今日尚无符合倍数与注额条件的注单',
    en: 'no round today at the multiplier and stake required',
  },
} as const;

function notReached(
  periodKey: string,
  detail: keyof typeof NOT_REACHED_TEXT,
  progress: Progress[],
  nextAt: Date | null = null,
): Evaluation {
  return {
    periodKey,
    amountMicro: 0n,
    refusal: { key: 'PROMOTION_NOT_REACHED', params: { detail: NOT_REACHED_TEXT[detail] } },
    progress,
    basis: {},
    nextAt,
  };
}

/** A bonus in basis points of an amount, rounded down to the micro, at most `cap`. */
export const percentOf = (amount: bigint, bp: number, cap: bigint) =>
  minBig((amount * BigInt(bp)) / 10_000n, cap);

type Evaluator<T extends TemplateName> = (rules: RulesOf<T>, facts: Facts) => Promise<Evaluation>;

const EVALUATORS: { [T in TemplateName]: Evaluator<T> } = {
  async deposit_match(rules, facts) {
    const today = periodOf('day', facts.now);
    const periodKey = rules.deposit === 'first' ? 'once' : today.key;
    const list =
      rules.deposit === 'first'
        ? // Up to and including this instant: a deposit credited at the same millisecond counts.
          await facts.deposits(null, new Date(facts.now.getTime() + 1))
        : await facts.deposits(today.from, today.to);
    const deposit = list[0];
    const min = micro(rules.min_deposit);
    if (!deposit) {
      return notReached(periodKey, rules.deposit === 'first' ? 'first_deposit' : 'daily_deposit', [
        { label: 'deposit', current: '0', target: show(min) },
      ]);
    }
    const progress = [{ label: 'deposit', current: show(deposit.amountMicro), target: show(min) }];
    if (deposit.amountMicro < min) return notReached(periodKey, 'deposit_too_small', progress);
    const amountMicro = percentOf(deposit.amountMicro, rules.percent_bp, micro(rules.max_bonus));
    if (amountMicro <= 0n) return notReached(periodKey, 'deposit_too_small', progress);
    return {
      periodKey,
      amountMicro,
      refusal: null,
      progress,
      basis: { deposit_transfer: deposit.id, deposit: show(deposit.amountMicro) },
      nextAt: null,
    };
  },

  async turnover_tiers(rules, facts) {
    const period = previousPeriod(rules.window, facts.now);
    const bets = await facts.validBets(reportDay(period.from), lastDayOf(period), rules.categories);
    let reached: { min_valid_bet: string; reward: string } | null = null;
    for (const tier of rules.tiers) if (bets.stakeMicro >= micro(tier.min_valid_bet)) reached = tier;
    const next =
      rules.tiers.find((t) => bets.stakeMicro < micro(t.min_valid_bet)) ??
      rules.tiers[rules.tiers.length - 1]!;
    const progress = [
      {
        label: 'valid_bet',
        current: show(bets.stakeMicro),
        target: show(micro(reached ? reached.min_valid_bet : next.min_valid_bet)),
      },
    ];
    // The current period's bets so far, so the page can show how the next claim is shaping up.
    const current = periodOf(rules.window, facts.now);
    const running = await facts.validBets(reportDay(current.from), lastDayOf(current), rules.categories);
    progress.push({
      label: 'valid_bet_current',
      current: show(running.stakeMicro),
      target: show(micro(rules.tiers[0]!.min_valid_bet)),
    });
    if (!reached) return notReached(period.key, 'valid_bet_short', progress, current.to);
    return {
      periodKey: period.key,
      amountMicro: micro(reached.reward),
      refusal: null,
      progress,
      basis: { valid_bet: show(bets.stakeMicro), tier: reached.min_valid_bet, period: period.key },
      nextAt: null,
    };
  },

  async loss_rescue(rules, facts) {
    const period = previousPeriod(rules.window, facts.now);
    const bets = await facts.validBets(reportDay(period.from), lastDayOf(period), rules.categories);
    const loss = bets.resultMicro < 0n ? -bets.resultMicro : 0n;
    const min = micro(rules.min_loss);
    const progress = [{ label: 'loss', current: show(loss), target: show(min) }];
    if (loss < min)
      return notReached(period.key, 'loss_short', progress, periodOf(rules.window, facts.now).to);
    const amountMicro = percentOf(loss, rules.percent_bp, micro(rules.max_bonus));
    if (amountMicro <= 0n) return notReached(period.key, 'loss_short', progress);
    return {
      periodKey: period.key,
      amountMicro,
      refusal: null,
      progress,
      basis: { loss: show(loss), period: period.key },
      nextAt: null,
    };
  },

  async multiplier_hit(rules, facts) {
    const today = periodOf('day', facts.now);
    const hit = await facts.bestHit(today.from, today.to, rules.categories, micro(rules.max_stake));
    const centis = hit && hit.stakeMicro > 0n ? (hit.payoutMicro * 100n) / hit.stakeMicro : 0n;
    const target = BigInt(rules.min_multiplier_centis);
    const progress = [
      {
        label: 'multiplier',
        current: (Number(centis) / 100).toFixed(2),
        target: (rules.min_multiplier_centis / 100).toFixed(2),
      },
    ];
    if (!hit || centis < target) return notReached(today.key, 'multiplier_short', progress, today.to);
    return {
      periodKey: today.key,
      amountMicro: micro(rules.reward),
      refusal: null,
      progress,
      basis: { round: hit.roundId, stake: show(hit.stakeMicro), payout: show(hit.payoutMicro) },
      nextAt: null,
    };
  },

  async trial(rules, facts) {
    const age = facts.now.getTime() - facts.player.createdAt.getTime();
    const progress = [
      {
        label: 'days_since_signup',
        current: String(Math.floor(age / DAY_MS)),
        target: String(rules.new_player_days),
      },
    ];
    if (age > rules.new_player_days * DAY_MS) {
      return {
        periodKey: 'once',
        amountMicro: 0n,
        refusal: { key: 'PROMOTION_NEW_PLAYERS_ONLY', params: { days: rules.new_player_days } },
        progress,
        basis: {},
        nextAt: null,
      };
    }
    return {
      periodKey: 'once',
      amountMicro: micro(rules.amount),
      refusal: null,
      progress,
      basis: {},
      nextAt: null,
    };
  },

  async daily_luck(rules, facts) {
    const today = periodOf('day', facts.now);
    const bets = await facts.validBets(today.key, today.key, []);
    const min = micro(rules.min_valid_bet);
    const progress = [{ label: 'valid_bet', current: show(bets.stakeMicro), target: show(min) }];
    if (bets.stakeMicro < min) return notReached(today.key, 'valid_bet_short', progress, today.to);
    const draw = await facts.luckDraw(
      today.key,
      rules.prizes.map((p) => p.weight),
    );
    const prize = rules.prizes[draw.index]!;
    return {
      periodKey: today.key,
      amountMicro: micro(prize.amount),
      refusal: null,
      progress,
      basis: {
        day: today.key,
        server_seed_hash: draw.serverSeedHash,
        float: draw.float,
        prize_index: draw.index,
      },
      nextAt: null,
    };
  },

  async check_in(rules, facts) {
    const today = periodOf('day', facts.now);
    // The streak: consecutive days claimed up to yesterday (at most as many as the reward table is long).
    const days = Array.from({ length: rules.rewards.length }, (_, i) =>
      reportDay(new Date(today.from.getTime() - (i + 1) * DAY_MS)),
    );
    const claimed = await facts.claimedKeys(days);
    let streak = 0;
    while (streak < days.length && claimed.has(days[streak]!)) streak += 1;
    const dayNumber = (streak % rules.rewards.length) + 1;
    const bets = await facts.validBets(today.key, today.key, []);
    const min = micro(rules.min_valid_bet);
    const progress = [
      { label: 'streak', current: String(dayNumber), target: String(rules.rewards.length) },
      { label: 'valid_bet', current: show(bets.stakeMicro), target: show(min) },
    ];
    if (bets.stakeMicro < min) return notReached(today.key, 'valid_bet_short', progress, today.to);
    return {
      periodKey: today.key,
      amountMicro: micro(rules.rewards[dayNumber - 1]!),
      refusal: null,
      progress,
      basis: { streak_day: dayNumber },
      nextAt: null,
    };
  },

  async agent() {
    return {
      periodKey: 'once',
      amountMicro: 0n,
      refusal: { key: 'PROMOTION_NOT_CLAIMABLE' },
      progress: [],
      basis: {},
      nextAt: null,
    };
  },
};

/** Parses stored or submitted rules with the template's schema; throws the Zod error when they do not fit. */
export function parseRules<T extends TemplateName>(template: T, rules: unknown): RulesOf<T> {
  return TEMPLATE_SCHEMAS[template].parse(rules) as RulesOf<T>;
}

export function evaluate(template: TemplateName, rules: unknown, facts: Facts): Promise<Evaluation> {
  return (EVALUATORS[template] as Evaluator<TemplateName>)(parseRules(template, rules) as never, facts);
}

/** The bonus terms of parsed rules (the agent template grants nothing and has none). */
export function termsOf(template: TemplateName, rules: unknown): BonusTerms | null {
  if (template === 'agent') return null;
  return (parseRules(template, rules) as { terms: BonusTerms }).terms;
}

/** A weighted pick from a float in [0, 1): prize i covers its share of the total weight. */
export function pickWeighted(weights: readonly number[], float: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let point = Math.floor(float * total);
  for (let i = 0; i < weights.length; i += 1) {
    if (point < weights[i]!) return i;
    point -= weights[i]!;
  }
  return weights.length - 1;
}

/** The JSON Schema of each template's rules, from which the console generates its forms. */
export function templateJsonSchemas(): Record<TemplateName, unknown> {
  return Object.fromEntries(
    TEMPLATE_NAMES.map((name) => [
      name,
      z.toJSONSchema(TEMPLATE_SCHEMAS[name], { io: 'input', unrepresentable: 'any' }),
    ]),
  ) as Record<TemplateName, unknown>;
}
