import { formatMicro } from '@koi/ledger';
import type {
  adminRebateRun,
  adminTournament,
  competitionResult,
  rebateRow,
  vipListResult,
  vipReward,
} from '@koi/contract';
import type { z } from 'zod';
import { rebateLines } from './vip.repository';
import type { PeriodRow, RebateRow, RebateRunRow, RewardRow } from './vip.schema';
import type { Progress, VipTable, VipService } from './vip.service';

/** An exact decimal of `value / 10^scale`, trailing zeros dropped ("0.35", "100"). */
function ratio(value: number, scale: number): string {
  const text = (BigInt(value) * 10n ** BigInt(6 - scale)).toString().padStart(7, '0');
  const whole = text.slice(0, -6).replace(/^0+(?=\d)/, '');
  const frac = text.slice(-6).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}
/** A rate in millionths as a percent string: 3500 → "0.35". */
export const ratePercent = (ppm: number) => ratio(ppm, 4);
/** A weight in basis points as a percent string: 10000 → "100". */
export const weightPercent = (bp: number) => ratio(bp, 2);

export function rewardWire(r: RewardRow): z.infer<typeof vipReward> {
  return {
    id: r.id,
    type: r.type,
    period: r.period,
    level: r.level,
    amount: formatMicro(r.amountMicro),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    claimed_at: r.claimedAt?.toISOString() ?? null,
  };
}

export function vipListWire(
  info: VipTable & {
    progress: Progress;
    rewards: RewardRow[];
    checkIn: { day: string; level: number; amountMicro: bigint; checkedIn: boolean };
  },
): z.infer<typeof vipListResult> {
  const { progress, checkIn } = info;
  const open = checkIn.checkedIn ? 0n : checkIn.amountMicro;
  const claimable = info.rewards.filter((r) => r.status === 1).reduce((s, r) => s + r.amountMicro, open);
  return {
    level: progress.level,
    valid_bet: formatMicro(progress.pointsMicro),
    next_level: progress.next?.level ?? null,
    next_threshold: progress.next ? formatMicro(progress.next.thresholdMicro) : null,
    progress_bp: progress.progressBp,
    levels: info.levels.map((l) => ({
      level: l.level,
      threshold: formatMicro(l.thresholdMicro),
      level_up_reward: formatMicro(l.levelUpRewardMicro),
      monthly_reward: formatMicro(l.monthlyRewardMicro),
      check_in_reward: formatMicro(l.checkInRewardMicro),
      rates: info.rates
        .filter((r) => r.level === l.level)
        .map((r) => ({ game_type_id: r.gameTypeId, rate: ratePercent(r.ratePpm) })),
    })),
    weights: info.weights.map((w) => ({ game_type_id: w.gameTypeId, weight: weightPercent(w.weightBp) })),
    rewards: info.rewards.map(rewardWire),
    claimable_total: formatMicro(claimable),
    check_in: {
      day: checkIn.day,
      level: checkIn.level,
      amount: formatMicro(checkIn.amountMicro),
      checked_in: checkIn.checkedIn,
    },
  };
}

export function rebateWire(r: RebateRow): z.infer<typeof rebateRow> {
  return {
    day: r.day,
    level: r.level,
    valid_bet: formatMicro(r.validBetMicro),
    amount: formatMicro(r.amountMicro),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    claimed_at: r.claimedAt?.toISOString() ?? null,
    lines: rebateLines(r).map((l) => ({
      game_type_id: l.gameTypeId,
      bet_count: l.betCount,
      valid_bet: formatMicro(l.stakeMicro),
      weight: weightPercent(l.weightBp),
      rate: ratePercent(l.ratePpm),
      amount: formatMicro(l.amountMicro),
    })),
  };
}

export function competitionWire(
  c: Awaited<ReturnType<VipService['competition']>>,
): z.infer<typeof competitionResult> {
  if (!c) return { period: null, prizes: [], top: [], me: null };
  const prizeOf = new Map(c.prizes.map((p) => [p.rank, formatMicro(p.amountMicro)]));
  const standing = (s: { rank: number; name: string; scoreMicro: bigint }) => ({
    rank: s.rank,
    name: s.name,
    score: formatMicro(s.scoreMicro),
    prize: prizeOf.get(s.rank) ?? null,
  });
  return {
    period: {
      id: c.period.id,
      name: c.period.name,
      start_day: c.period.startDay,
      end_day: c.period.endDay,
      starts_at: c.startsAt.toISOString(),
      ends_at: c.endsAt.toISOString(),
      status: c.period.status,
      top_n: c.period.topN,
    },
    prizes: c.prizes.map((p) => ({ rank: p.rank, amount: formatMicro(p.amountMicro) })),
    top: c.top.map(standing),
    me: c.me ? standing(c.me) : null,
  };
}

export function rebateRunWire(r: RebateRunRow): z.infer<typeof adminRebateRun> {
  return {
    day: r.day,
    players: r.players,
    valid_bet: formatMicro(r.validBetMicro),
    amount: formatMicro(r.amountMicro),
    runs: r.runs,
    last_added: r.lastAdded,
    first_run_at: r.firstRunAt.toISOString(),
    last_run_at: r.lastRunAt.toISOString(),
  };
}

export function tournamentWire(p: PeriodRow): z.infer<typeof adminTournament> {
  return {
    id: p.id,
    name: p.name,
    start_day: p.startDay,
    end_day: p.endDay,
    top_n: p.topN,
    turnover_centis: p.turnoverCentis,
    status: p.status,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  };
}
