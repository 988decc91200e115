import type { LocalizedText } from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { createDepositsRepository, type DepositsRepository } from './deposits.repository';
import type { DepositLimitsRow } from './deposits.schema';

/**
 * Responsible-gambling deposit limits (decision 18). Windows are rolling (the last 24 hours, 7 days and 30
 * days) rather than calendar periods, so a limit cannot be doubled by depositing either side of midnight.
 * Lowering a limit applies at once; raising or removing one applies 24 hours later.
 */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const LIMIT_WINDOW_MS: Record<LimitPeriod, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};
export const LIMIT_RAISE_DELAY_MS = 86_400_000;
const PERIOD_NAMES: Record<LimitPeriod, LocalizedText> = {
  day: { zh: '每日', en: 'daily' },
  week: { zh: '每周', en: 'weekly' },
  month: { zh: '每月', en: 'monthly' },
};
const MASK: Record<LimitPeriod, number> = { day: 1, week: 2, month: 4 };
const COLUMN = { day: 'dayMicro', week: 'weekMicro', month: 'monthMicro' } as const;
const PENDING = { day: 'pendingDayMicro', week: 'pendingWeekMicro', month: 'pendingMonthMicro' } as const;

export type Limits = Record<LimitPeriod, bigint | null>;

/**
 * Money another module credited to the player since `since` that counts against the same limits (the payment
 * channels module registers its completed orders), read in `conn`. A module above deposits adds one through
 * the deposits module's hooks, so the limits count every deposit path without deposits importing them.
 */
export type CreditedElsewhere = (conn: DbOrTx, playerId: number, since: Date) => Promise<bigint>;

/** What the limit checks read: the stored limits, and every credit since a time (own and elsewhere). */
export type LimitReads = Pick<DepositsRepository, 'limits' | 'creditedSince'>;

/** The limit reads in `conn`, the other modules' credits added to this module's own. */
export function limitReads(conn: DbOrTx, elsewhere: readonly CreditedElsewhere[]): LimitReads {
  const repo = createDepositsRepository(conn);
  return {
    limits: repo.limits,
    async creditedSince(playerId, since) {
      // One query after another: inside a transaction they share one connection.
      let total = await repo.creditedSince(playerId, since);
      for (const credited of elsewhere) total += await credited(conn, playerId, since);
      return total;
    },
  };
}

export interface LimitsView {
  period: LimitPeriod;
  limitMicro: bigint | null;
  usedMicro: bigint;
  pending: boolean;
  pendingMicro: bigint | null;
  pendingEffectiveAt: Date | null;
}

/** The stored row with any raise whose 24 hours have passed applied. */
export function matured(row: DepositLimitsRow | null, playerId: number, now: Date): DepositLimitsRow {
  const base: DepositLimitsRow = row ?? {
    playerId,
    dayMicro: null,
    weekMicro: null,
    monthMicro: null,
    pendingDayMicro: null,
    pendingWeekMicro: null,
    pendingMonthMicro: null,
    pendingMask: 0,
    pendingEffectiveAt: null,
    updatedAt: now,
  };
  if (!base.pendingMask || !base.pendingEffectiveAt || base.pendingEffectiveAt > now) return base;
  const next = { ...base };
  for (const p of LIMIT_PERIODS) {
    if (base.pendingMask & MASK[p]) next[COLUMN[p]] = base[PENDING[p]];
    next[PENDING[p]] = null;
  }
  return { ...next, pendingMask: 0, pendingEffectiveAt: null };
}

/**
 * Applies a player's request: each named period gets the new limit (null = none). Stricter or equal values
 * apply now and cancel a pending raise of that period; looser ones become pending for 24 hours (a new
 * pending change restarts the 24 hours for all pending ones, never shortening a wait).
 */
export function applyRequest(
  current: DepositLimitsRow,
  request: Partial<Limits>,
  now: Date,
): DepositLimitsRow {
  const next = { ...current, updatedAt: now };
  let raised = false;
  for (const p of LIMIT_PERIODS) {
    if (!(p in request)) continue;
    const wanted = request[p] ?? null;
    const existing = current[COLUMN[p]];
    const stricter = wanted !== null && (existing === null || wanted <= existing);
    if (stricter) {
      next[COLUMN[p]] = wanted;
      next[PENDING[p]] = null;
      next.pendingMask &= ~MASK[p];
    } else if (wanted !== existing) {
      next[PENDING[p]] = wanted;
      next.pendingMask |= MASK[p];
      raised = true;
    }
  }
  if (raised) next.pendingEffectiveAt = new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);
  if (!next.pendingMask) next.pendingEffectiveAt = null;
  return next;
}

export async function limitsView(repo: LimitReads, playerId: number, now: Date): Promise<LimitsView[]> {
  const row = matured(await repo.limits(playerId), playerId, now);
  // One query after another: inside a transaction they share one connection.
  const views: LimitsView[] = [];
  for (const p of LIMIT_PERIODS) {
    const has = Boolean(row.pendingMask & MASK[p]);
    views.push({
      period: p,
      limitMicro: row[COLUMN[p]],
      usedMicro: await repo.creditedSince(playerId, new Date(now.getTime() - LIMIT_WINDOW_MS[p])),
      pending: has,
      pendingMicro: has ? row[PENDING[p]] : null,
      pendingEffectiveAt: has ? row.pendingEffectiveAt : null,
    });
  }
  return views;
}

/**
 * Throws DEPOSIT_LIMIT_EXCEEDED when `amountMicro` more (plus `reservedMicro` already promised to open
 * orders) would pass any of the player's limits.
 */
export async function assertWithinLimits(
  repo: LimitReads,
  playerId: number,
  amountMicro: bigint,
  now: Date,
  reservedMicro = 0n,
) {
  const row = matured(await repo.limits(playerId), playerId, now);
  for (const p of LIMIT_PERIODS) {
    const limit = row[COLUMN[p]];
    if (limit === null) continue;
    const used = await repo.creditedSince(playerId, new Date(now.getTime() - LIMIT_WINDOW_MS[p]));
    const left = limit - used - reservedMicro;
    if (amountMicro > left) {
      throw new AppError('DEPOSIT_LIMIT_EXCEEDED', {
        period: PERIOD_NAMES[p],
        left: formatMicro(left > 0n ? left : 0n, 4),
      });
    }
  }
}
