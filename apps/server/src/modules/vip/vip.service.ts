import type { ErrorKey } from '@koi/contract';
import { SystemAccount, TransferCode } from '@koi/ledger';
import type { Database, Tx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import {
  createGroupCommit,
  stderrLogger,
  type BatchLogger,
  type GroupCommitOptions,
  type Pending,
} from '../../lib/group-commit';
import { pgErrorReason } from '../../lib/pg-errors';
import { DAY_MS, reportDay, startOfReportDay } from '../../lib/time-range';
import type { AuditWrite as AuditInTx } from '../audit';
import type { CheckedStanding, PlayerDirectory, PlayerGate } from '../auth';
import type { BetsService } from '../bets/bets.service';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';
import type { TurnoverService } from '../turnover/turnover.service';
import type { WalletService } from '../wallet/wallet.service';
import { createVipRepository, type Standing, type VipRepository } from './vip.repository';
import type { LevelRow, PeriodRow, RateRow, RebateRow, SettingsRow, WeightRow } from './vip.schema';
import { ClaimStatus, PeriodStatus, RewardType } from './vip.schema';

/*
 * Design note: VIP levels, rebates and the masters tournament (decisions 24, 29, 36).
 *
 * One measure. Everything here reads the valid-bet feed of the bets module (valid-bets.ts) and nothing else:
 * settled, not rolled back, not near-certain. A feed row's weighted valid bet is its stake × the category's
 * contribution (vip_category_weights, default 100 %) rounded down to the micro, computed per row the same way
 * in SQL (the daily run, the leaderboard) and here (the live progress), so the two always agree.
 *
 * VIP points. A player's points are the weighted valid bets of every day the daily run has settled (stored in
 * vip_players with the weights in force that day) plus, live, the days after it from the feed with today's
 * weights. The level is the highest whose threshold the points reach, and it never goes down: it is raised
 * when the player looks (vipInfo, the benefit list) and by the daily run, and each raise adds the level-up
 * reward of every level crossed, once each (unique per player and level), so crossing three levels in one bet
 * pays three rewards and looking twice pays none twice.
 *
 * Rebates. A UTC+8 day is settled once it is over (plus SETTLE_GRACE_MS, for provider calls of the last
 * minute) by a job that takes the days in order, one per tick, from the first day of the feed: in one
 * transaction under the day's advisory lock it adds the day's points, raises levels, then writes each player's
 * rebate (Σ over categories of valid bet × weight × the rate of the player's level in that category, rounded
 * down) where the player has none for that day. Re-running a day therefore adds nothing that exists; it can
 * only add a player whose bets reached the feed after the first run. Claims (or the auto-credit the operator
 * may switch on) pay it.
 *
 * Check-in (reward type 3). Once a UTC+8 day a player may check in for the check-in reward of their level
 * (vip_levels.check_in_reward_micro; a level that pays none is refused). The check-in is its own claim: one
 * transaction inserts the day's reward row already claimed, unique per player, type and day, and pays it as
 * below (key `vip:checkin:<player>:<day>`), so fifty racing check-ins pay once and the others are told the day
 * is done.
 *
 * Paying. A reward, a rebate and a prize are each paid by flipping its row from claimable to claimed with a
 * conditional UPDATE and, in the same transaction, one ledger transfer from PROMOTION_EXPENSE with a key
 * derived from the fact (`vip:levelup:<player>:<level>`, `vip:monthly:<player>:<month>`,
 * `rebate:<player>:<day>`, `tournament:<period>:<rank>`) and the turnover requirement of the credit. Fifty
 * concurrent claims of one reward queue on its row; the first flips it and pays, the others find it claimed.
 * A crash before commit leaves the row claimable and nothing paid; the ledger key would refuse a second
 * payment even if the row were somehow claimable again.
 *
 * The tournament ranks players by weighted valid bets over the period's days, live (cached for
 * LEADERBOARD_TTL_MS), ties to the earlier account. After its last day (plus the grace) a job fixes the winners
 * of the prize table once (tournament_payouts, unique per rank and per player) and pays each winner as above.
 */

const LEADERBOARD_TTL_MS = 15_000;
/** Rebates paid per query page when the operator has auto-credit on. */
const AUTO_CREDIT_PAGE = 500;
export const MAX_LEVEL = 10;
/**
 * Rebate claims batched together (see rebateClaims). Most of a batch's time is its ledger transfers, each
 * running on one database core, so a burst is split into batches that run side by side rather than one long
 * batch, formed from the claims of one event-loop turn: bench:promotions (bursts of 50 claims, two cores)
 * measured p99 51–62 ms with 25 × 2, 62–70 with 13 × 4 or 17 × 3, and 70–78 with 64 × 1 or 64 × 2.
 */
const CLAIM_BATCHING: GroupCommitOptions = {
  maxBatch: 25,
  maxInFlight: 2,
  maxQueued: 10_000,
  gatherTurn: true,
};
export const GAME_CATEGORIES = [1, 2, 3, 4, 5, 6, 7] as const;

export interface VipServiceDeps {
  database: Database;
  clock: Clock;
  wallet: Pick<WalletService, 'transferIn' | 'transfersIn'>;
  turnover: Pick<TurnoverService, 'addRequirement' | 'addRequirements'>;
  bets: Pick<BetsService, 'validBets'>;
  directory: Pick<PlayerDirectory, 'usernamesOf' | 'raiseVipLevels'>;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  /** Where a claim batch that failed as a whole is reported (the app's logger); stderr when absent. */
  log?: BatchLogger;
}

/** A rebate claim: the player and the UTC+8 day of the rebate. */
interface RebateClaim {
  playerId: number;
  day: string;
}

export interface VipTable {
  levels: LevelRow[];
  rates: RateRow[];
  weights: WeightRow[];
  settings: SettingsRow;
}

export interface Progress {
  level: number;
  pointsMicro: bigint;
  /** The next level and its threshold; null at the top. */
  next: { level: number; thresholdMicro: bigint } | null;
  /** Share of the way from this level's threshold to the next one, in basis points (10000 at the top). */
  progressBp: number;
}

export interface RankedStanding extends Standing {
  rank: number;
}

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** "ab***yz": enough for a player to recognise themselves, not enough to find anyone else. */
export function maskName(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** The level the points reach in the table (0 when none does). */
export function levelOf(levels: readonly LevelRow[], pointsMicro: bigint): number {
  let level = 0;
  for (const l of levels) if (l.thresholdMicro <= pointsMicro && l.level > level) level = l.level;
  return level;
}

export function createVipService(deps: VipServiceDeps) {
  const { database, clock, wallet, turnover, bets, directory, gate } = deps;
  const log = deps.log ?? stderrLogger;
  const db = database.db;
  const repo = createVipRepository(db);
  const standingsCache = new Map<number, { at: number; rows: RankedStanding[] }>();

  const weightOf = (weights: readonly WeightRow[]) => {
    const map = new Map(weights.map((w) => [w.gameTypeId, w.weightBp]));
    return (category: number) => BigInt(map.get(category) ?? 10_000);
  };

  async function table(): Promise<VipTable> {
    const [levels, rates, weights, settings] = await Promise.all([
      repo.levels(),
      repo.rates(),
      repo.weights(),
      repo.settings(),
    ]);
    return { levels, rates, weights, settings };
  }

  /** The player's live points: the settled ones plus the feed's days after them, weighted per feed row. */
  async function livePoints(playerId: number, weights: readonly WeightRow[]) {
    const stored = await repo.player(playerId);
    const from = stored?.settledThrough ? addDays(stored.settledThrough, 1) : '2000-01-01';
    const today = reportDay(clock.now());
    const weight = weightOf(weights);
    let points = stored?.pointsMicro ?? 0n;
    if (from <= today) {
      const rows = await bets.validBets(playerId, from, today, ['day', 'category', 'provider']);
      for (const r of rows) points += (r.stakeMicro * weight(r.gameTypeId!)) / 10_000n;
    }
    return { points, storedLevel: stored?.level ?? 0 };
  }

  function progressOf(levels: readonly LevelRow[], level: number, pointsMicro: bigint): Progress {
    const sorted = [...levels].sort((a, b) => a.level - b.level);
    const current = sorted.find((l) => l.level === level);
    const nextRow = sorted.find((l) => l.level > level) ?? null;
    if (!nextRow) return { level, pointsMicro, next: null, progressBp: 10_000 };
    const base = current?.thresholdMicro ?? 0n;
    const span = nextRow.thresholdMicro - base;
    const done = pointsMicro - base;
    const bp = span <= 0n ? 10_000 : Number((done * 10_000n) / span);
    return {
      level,
      pointsMicro,
      next: { level: nextRow.level, thresholdMicro: nextRow.thresholdMicro },
      progressBp: Math.max(0, Math.min(10_000, bp)),
    };
  }

  /** Reads the player's progress and raises the level (with its rewards) when the points reach a higher one. */
  async function progress(playerId: number, t?: VipTable): Promise<Progress> {
    const vip = t ?? (await table());
    const { points, storedLevel } = await livePoints(playerId, vip.weights);
    let level = Math.max(storedLevel, levelOf(vip.levels, points));
    if (level > storedLevel) {
      await db.transaction((tx) => createVipRepository(tx).raiseLevel(playerId, level, clock.now()));
      await directory.raiseVipLevels([{ playerId, level }]);
    }
    level = Math.min(level, MAX_LEVEL);
    return progressOf(vip.levels, level, points);
  }

  /** A promotional credit: its ledger transfer from promotion expense and its turnover requirement. */
  interface Payment {
    playerId: number;
    amountMicro: bigint;
    key: string;
    code: TransferCode;
    reference: { type: string; id: string };
    multipleCentis: number;
  }

  const creditOf = (p: Payment) => ({
    key: p.key,
    debit: { system: SystemAccount.PROMOTION_EXPENSE },
    credit: { player: p.playerId },
    amountMicro: p.amountMicro,
    code: p.code,
    reference: p.reference,
  });
  const requirementOf = (p: Payment) => ({
    playerId: p.playerId,
    sourceType: p.reference.type,
    sourceId: p.reference.id,
    amountMicro: p.amountMicro,
    multipleCentis: p.multipleCentis,
  });

  /** One claimable row paid in the caller's transaction: credited, and given its turnover requirement. */
  async function payIn(tx: Tx, p: Payment) {
    await wallet.transferIn(tx, creditOf(p));
    if (p.multipleCentis > 0) await turnover.addRequirement(requirementOf(p), tx);
  }

  /** Many payments in the caller's transaction: one ledger call and one requirements statement. */
  async function payAllIn(tx: Tx, payments: Payment[]) {
    if (payments.length === 0) return;
    await wallet.transfersIn(tx, payments.map(creditOf));
    const required = payments.filter((p) => p.multipleCentis > 0);
    if (required.length) await turnover.addRequirements(required.map(requirementOf), tx);
  }

  /**
   * Claims one row in one transaction (see Paying in the design note): `take` flips it from claimable to
   * claimed, and the flipped row is paid in the same transaction. When `take` flips nothing, `find` tells a row
   * that is there (already claimed, or another's claim won) from one that is not, and each gets its refusal.
   */
  async function claimOne<Row>(
    take: (r: VipRepository) => Promise<Row | null>,
    find: (r: VipRepository) => Promise<unknown>,
    refusals: { claimed: ErrorKey; notFound: ErrorKey },
    payment: (row: Row, settings: SettingsRow) => Payment,
  ) {
    const settings = await repo.settings();
    return db.transaction(async (tx) => {
      const r = createVipRepository(tx);
      const row = await take(r);
      if (!row) throw new AppError((await find(r)) ? refusals.claimed : refusals.notFound);
      await payIn(tx, payment(row, settings));
      return row;
    });
  }

  const claimReward = (playerId: number, id: number) =>
    claimOne(
      (r) => r.takeReward(playerId, id, clock.now()),
      (r) => r.reward(playerId, id),
      { claimed: 'VIP_REWARD_CLAIMED', notFound: 'VIP_REWARD_NOT_FOUND' },
      (row, settings) => ({
        playerId,
        amountMicro: row.amountMicro,
        key:
          row.type === RewardType.LEVEL_UP
            ? `vip:levelup:${playerId}:${row.level}`
            : `vip:monthly:${playerId}:${row.period}`,
        code: TransferCode.BONUS,
        reference: { type: 'vip_reward', id: String(row.id) },
        multipleCentis: settings.rewardTurnoverCentis,
      }),
    );

  /** Today's check-in for the player: the day, their level and what it pays, and whether it is done. */
  async function checkInState(playerId: number, vip: VipTable, level: number) {
    const day = reportDay(clock.now());
    const amountMicro = vip.levels.find((l) => l.level === level)?.checkInRewardMicro ?? 0n;
    const done = await repo.checkInOf(playerId, day);
    return { day, level, amountMicro: done?.amountMicro ?? amountMicro, checkedIn: done !== null };
  }

  async function checkIn(playerId: number) {
    const vip = await table();
    const { level } = await progress(playerId, vip);
    const state = await checkInState(playerId, vip, level);
    if (state.checkedIn) throw new AppError('VIP_CHECKED_IN');
    if (state.amountMicro === 0n) throw new AppError('VIP_CHECK_IN_NONE', { level });
    return db.transaction(async (tx) => {
      const row = await createVipRepository(tx).insertCheckIn({
        playerId,
        day: state.day,
        level,
        amountMicro: state.amountMicro,
        now: clock.now(),
      });
      if (!row) throw new AppError('VIP_CHECKED_IN');
      await payIn(tx, {
        playerId,
        amountMicro: row.amountMicro,
        key: `vip:checkin:${playerId}:${state.day}`,
        code: TransferCode.BONUS,
        reference: { type: 'vip_reward', id: String(row.id) },
        multipleCentis: vip.settings.rewardTurnoverCentis,
      });
      return row;
    });
  }

  /** The credit of a rebate: its ledger key and reference, as one claimed alone or in a batch pays it. */
  const rebatePayment = (
    row: { playerId: number; day: string; amountMicro: bigint },
    multipleCentis: number,
  ) => ({
    playerId: row.playerId,
    amountMicro: row.amountMicro,
    key: `rebate:${row.playerId}:${row.day}`,
    code: TransferCode.REBATE,
    reference: { type: 'rebate', id: `${row.playerId}:${row.day}` },
    multipleCentis,
  });

  const claimRebateAlone = (playerId: number, day: string) =>
    claimOne(
      (r) => r.takeRebate(playerId, day, clock.now()),
      (r) => r.rebate(playerId, day),
      { claimed: 'REBATE_CLAIMED', notFound: 'REBATE_NOT_FOUND' },
      (row, settings) => rebatePayment(row, settings.rebateTurnoverCentis),
    );

  /**
   * Pays the listed rebates that are claimable in one transaction: one statement flips them, one ledger call
   * pays them (one transfer each, under the single-transfer rules) and one statement adds their turnover
   * requirements. Answers the rows it paid by `player:day`. All or nothing: anything that throws rolled the
   * whole batch back.
   */
  async function claimRebatesTogether(claims: readonly RebateClaim[]) {
    return db.transaction(async (tx) => {
      // Each row comes with the rebate turnover multiple in force, read by the same statement: a burst's
      // claims all wait on this transaction's round trips, so it makes no separate settings read.
      const rows = await createVipRepository(tx).takeRebates(claims, clock.now());
      rows.sort((a, b) => a.playerId - b.playerId);
      await payAllIn(
        tx,
        rows.map((row) => rebatePayment(row, row.rebateTurnoverCentis)),
      );
      return new Map(rows.map((row) => [`${row.playerId}:${row.day}`, row]));
    });
  }

  /*
   * Rebate claims go through a group commit (lib/group-commit.ts): a claim that finds nothing running is paid
   * alone (claimRebateAlone), and claims arriving while others are being paid wait and go together in the
   * next batch (claimRebatesTogether), so a burst of claims (the benefit centre right after the daily run)
   * shares its transactions and commits instead of queueing for pooled connections one claim at a time.
   *
   * Every claim still gets the answer it would get alone. A claim the batch did not pay (already claimed, no
   * such rebate, or a second claim of one rebate in the same batch) runs again alone after the batch
   * committed, which answers REBATE_CLAIMED or REBATE_NOT_FOUND exactly as before. A batch that fails as a
   * whole (a deadlock between overlapping batches, a refused transfer) wrote nothing, and each of its claims
   * runs alone. The ledger keys are the same either way, so a rebate is paid once whichever path pays it.
   */
  const rebateClaims = createGroupCommit<RebateClaim, RebateRow>(CLAIM_BATCHING, async (batch) => {
    const alone = (item: Pending<RebateClaim, RebateRow>) =>
      claimRebateAlone(item.input.playerId, item.input.day).then(item.resolve, item.reject);
    if (batch.length === 1) return alone(batch[0]!);
    let paid = new Map<string, RebateRow>();
    try {
      paid = await claimRebatesTogether(batch.map((item) => item.input));
    } catch (error) {
      log.warn(
        { reason: pgErrorReason(error), claims: batch.length },
        'rebate claim batch failed as a whole; claiming its rebates one by one',
      );
    }
    await Promise.all(
      batch.map((item) => {
        const key = `${item.input.playerId}:${item.input.day}`;
        const row = paid.get(key);
        if (!row) return alone(item);
        paid.delete(key);
        item.resolve(row);
        return undefined;
      }),
    );
  });

  const claimRebate = (playerId: number, day: string) => rebateClaims.submit({ playerId, day });

  /** Claims each of `keys` in turn; one already taken by a parallel request is skipped, not an error. */
  async function claimEach<K>(keys: K[], claim: (k: K) => Promise<{ amountMicro: bigint }>) {
    let count = 0;
    let amountMicro = 0n;
    for (const k of keys) {
      try {
        const row = await claim(k);
        count += 1;
        amountMicro += row.amountMicro;
      } catch (e) {
        if (e instanceof AppError && (e.key === 'REBATE_CLAIMED' || e.key === 'VIP_REWARD_CLAIMED')) continue;
        throw e;
      }
    }
    if (count === 0) throw new AppError('VIP_NOTHING_TO_CLAIM');
    return { count, amountMicro };
  }

  /** Settles one day (see the design note); with auto-credit on, pays the day's claimable rebates. */
  async function settleDay(day: string) {
    const result = await db.transaction(async (tx) => {
      const r = createVipRepository(tx);
      await r.lockDay(AdvisoryLock.VIP_REBATE_DAY, day);
      return r.settleDay(day, clock.now());
    });
    await directory.raiseVipLevels(result.raised);
    const settings = await repo.settings();
    if (settings.rebateAutoCredit) {
      for (;;) {
        const page = await repo.claimableOfDay(day, AUTO_CREDIT_PAGE);
        if (page.length === 0) break;
        // A page's claims are submitted together, so the claim batcher pays them in a few transactions.
        await Promise.all(
          page.map(({ playerId }) =>
            claimRebate(playerId, day).catch((e: unknown) => {
              if (!(e instanceof AppError && e.key === 'REBATE_CLAIMED')) throw e;
            }),
          ),
        );
      }
    }
    return result;
  }

  /** The last day that is over (and past the grace): days up to it may be settled. */
  function lastSettleableDay(): string {
    const now = clock.now().getTime();
    return reportDay(new Date(startOfReportDay(now - SETTLE_GRACE_MS) - 1));
  }

  async function rankedStandings(period: PeriodRow, live: boolean): Promise<RankedStanding[]> {
    const cached = standingsCache.get(period.id);
    const now = clock.now().getTime();
    if (live && cached && now - cached.at < LEADERBOARD_TTL_MS) return cached.rows;
    const today = reportDay(clock.now());
    const to = period.endDay < today ? period.endDay : today;
    const rows =
      period.startDay > to
        ? []
        : (await repo.standings(period.startDay, to, null)).map((s, i) => ({ ...s, rank: i + 1 }));
    standingsCache.set(period.id, { at: now, rows });
    return rows;
  }

  async function payPeriod(period: PeriodRow): Promise<number> {
    const prizes = await repo.prizes(period.id);
    const standings = await rankedStandings(period, false);
    const winners = prizes
      .map((p) => ({ prize: p, standing: standings[p.rank - 1] }))
      .filter((w) => w.standing !== undefined);
    await repo.insertPayouts(
      winners.map((w) => ({
        periodId: period.id,
        rank: w.prize.rank,
        playerId: w.standing!.playerId,
        scoreMicro: w.standing!.scoreMicro,
        amountMicro: w.prize.amountMicro,
      })),
    );
    let paid = 0;
    for (const payout of await repo.payouts(period.id)) {
      if (payout.status !== ClaimStatus.CLAIMABLE) continue;
      const done = await db.transaction(async (tx) => {
        const row = await createVipRepository(tx).takePayout(period.id, payout.rank, clock.now());
        if (!row) return false;
        await payIn(tx, {
          playerId: row.playerId,
          amountMicro: row.amountMicro,
          key: `tournament:${period.id}:${row.rank}`,
          code: TransferCode.BONUS,
          reference: { type: 'tournament', id: `${period.id}:${row.rank}` },
          multipleCentis: period.turnoverCentis,
        });
        return true;
      });
      if (done) paid += 1;
    }
    await repo.updatePeriod(period.id, { status: PeriodStatus.PAID, paidAt: clock.now() });
    return paid;
  }

  return {
    table,
    progress,

    /** Everything vipInfo shows: the table, the player's progress and their rewards. */
    async vipInfo(playerId: number) {
      const vip = await table();
      const p = await progress(playerId, vip);
      return {
        ...vip,
        progress: p,
        rewards: await repo.rewardsOf(playerId),
        checkIn: await checkInState(playerId, vip, p.level),
      };
    },

    /*
     * The claims below take `checked`, the standing the request's session check read (see PlayerGate), so a
     * claim does not read the player a second time; without it (a job, a test) the gate reads it.
     */

    /** Today's check-in (see the design note): its reward row, paid. */
    async checkIn(playerId: number, checked?: CheckedStanding) {
      await gate.assertMayPlay(playerId, checked);
      return checkIn(playerId);
    },

    async claimReward(playerId: number, id: number, checked?: CheckedStanding) {
      await gate.assertMayPlay(playerId, checked);
      return claimReward(playerId, id);
    },

    async claimAllRewards(playerId: number, checked?: CheckedStanding) {
      await gate.assertMayPlay(playerId, checked);
      // Today's check-in is one of the benefit centre's claimable rewards, so "claim all" takes it too.
      const checkedIn = await checkIn(playerId).catch((e: unknown) => {
        if (e instanceof AppError && (e.key === 'VIP_CHECKED_IN' || e.key === 'VIP_CHECK_IN_NONE'))
          return null;
        throw e;
      });
      let rest = { count: 0, amountMicro: 0n };
      try {
        rest = await claimEach(await repo.claimableRewardIds(playerId), (id) => claimReward(playerId, id));
      } catch (e) {
        if (!(checkedIn && e instanceof AppError && e.key === 'VIP_NOTHING_TO_CLAIM')) throw e;
      }
      return checkedIn
        ? { count: rest.count + 1, amountMicro: rest.amountMicro + checkedIn.amountMicro }
        : rest;
    },

    async rebates(playerId: number, status: number | null, page: number, size: number) {
      const [list, totals] = await Promise.all([
        repo.rebatesOf(playerId, status, page, size),
        repo.rebateTotals(playerId),
      ]);
      return { ...list, totals };
    },

    async claimRebate(playerId: number, day: string, checked?: CheckedStanding) {
      await gate.assertMayPlay(playerId, checked);
      return claimRebate(playerId, day);
    },

    async claimAllRebates(playerId: number, checked?: CheckedStanding) {
      await gate.assertMayPlay(playerId, checked);
      return claimEach(await repo.claimableRebateDays(playerId), (day) => claimRebate(playerId, day));
    },

    /**
     * Settles `day` now. Refused for a day that is not over unless `early` (the test hook: a day settled
     * early keeps what it had, and the job moves on to the next one).
     */
    async settle(day: string, opts: { early?: boolean } = {}) {
      if (!opts.early && day > lastSettleableDay()) throw new AppError('REBATE_DAY_NOT_OVER', { day });
      return settleDay(day);
    },

    /** The job: settles the next day due, one per tick, from the first day of the feed. */
    async settleDueDay(): Promise<number> {
      const last = lastSettleableDay();
      const ran = await repo.lastRunDay();
      const next = ran ? addDays(ran, 1) : await repo.firstFeedDay(last);
      if (!next || next > last) return 0;
      await settleDay(next);
      return 1;
    },

    /** The job: grants last month's month-end rewards once its last day is settled. */
    async grantDueMonthEnd(): Promise<number> {
      const today = reportDay(clock.now());
      const firstOfThisMonth = `${today.slice(0, 7)}-01`;
      const lastOfPrevious = addDays(firstOfThisMonth, -1);
      const month = lastOfPrevious.slice(0, 7);
      const ran = await repo.lastRunDay();
      if (!ran || ran < lastOfPrevious || (await repo.monthGranted(month))) return 0;
      const { added } = await repo.grantMonthEnd(month, `${month}-01`, lastOfPrevious, clock.now());
      return added;
    },

    /** Month-end rewards of `month` (YYYY-MM) now: the console's and the benchmark's entry. */
    grantMonthEnd: (month: string) => {
      const first = `${month}-01`;
      const last = addDays(`${addDays(first, 32).slice(0, 7)}-01`, -1);
      return repo.grantMonthEnd(month, first, last, clock.now());
    },

    rebateRuns: (page: number, size: number) => repo.runs(page, size),
    rebateRun: (day: string) => repo.run(day),

    // ----- Tournament.

    periods: () => repo.periods(),
    prizes: (periodId: number) => repo.prizes(periodId),
    payouts: (periodId: number) => repo.payouts(periodId),

    /** The current period with its prize table, top N (masked names) and the player's own standing. */
    async competition(playerId: number | null, periodId?: number) {
      const id = periodId ?? (await repo.currentPeriod(reportDay(clock.now())));
      const period = id ? await repo.period(id) : null;
      if (!period) {
        if (periodId) throw new AppError('TOURNAMENT_NOT_FOUND');
        return null;
      }
      const [prizes, standings] = await Promise.all([repo.prizes(period.id), rankedStandings(period, true)]);
      const top = standings.slice(0, period.topN);
      const mine = playerId === null ? undefined : standings.find((s) => s.playerId === playerId);
      const names = await directory.usernamesOf([
        ...top.map((s) => s.playerId),
        ...(mine ? [mine.playerId] : []),
      ]);
      const named = (s: RankedStanding) => ({ ...s, name: maskName(names.get(s.playerId) ?? '') });
      return {
        period,
        prizes,
        top: top.map(named),
        me: mine ? named(mine) : null,
        startsAt: new Date(Date.parse(`${period.startDay}T00:00:00Z`) - 8 * 3_600_000),
        endsAt: new Date(Date.parse(`${addDays(period.endDay, 1)}T00:00:00Z`) - 8 * 3_600_000),
      };
    },

    /** The console's view of a period's live standings, with full usernames. */
    async standingsOf(periodId: number, limit: number) {
      const period = await repo.period(periodId);
      if (!period) throw new AppError('TOURNAMENT_NOT_FOUND');
      const rows = (await rankedStandings(period, true)).slice(0, limit);
      const names = await directory.usernamesOf(rows.map((s) => s.playerId));
      return rows.map((s) => ({ ...s, name: names.get(s.playerId) ?? '' }));
    },

    /** The job: pays every period whose last day is over (and past the grace). */
    async payDuePeriods(): Promise<number> {
      let paid = 0;
      for (const period of await repo.duePeriods(addDays(lastSettleableDay(), 1))) {
        paid += await payPeriod(period);
      }
      return paid;
    },

    /** Pays one period now (the console): refused before its last day is over. */
    async payPeriod(periodId: number) {
      const period = await repo.period(periodId);
      if (!period) throw new AppError('TOURNAMENT_NOT_FOUND');
      if (period.endDay > lastSettleableDay()) throw new AppError('TOURNAMENT_NOT_OVER');
      return payPeriod(period);
    },

    // ----- Console edits, each in a transaction with its audit entry.

    async saveLevels(levels: Omit<LevelRow, 'updatedAt'>[], rates: RateRow[], audit: AuditInTx) {
      const before = await table();
      return db.transaction(async (tx) => {
        await createVipRepository(tx).replaceLevels(levels, rates, clock.now());
        await audit(tx, {
          before: { levels: before.levels.length, rates: before.rates.length },
          after: {
            levels: levels.map((l) => ({
              level: l.level,
              threshold: l.thresholdMicro.toString(),
              level_up: l.levelUpRewardMicro.toString(),
              monthly: l.monthlyRewardMicro.toString(),
              check_in: l.checkInRewardMicro.toString(),
            })),
            rates: rates.map((r) => [r.level, r.gameTypeId, r.ratePpm]),
          },
        });
      });
    },

    async saveWeights(weights: WeightRow[], audit: AuditInTx) {
      const before = await repo.weights();
      return db.transaction(async (tx) => {
        await createVipRepository(tx).replaceWeights(weights);
        await audit(tx, {
          before: Object.fromEntries(before.map((w) => [w.gameTypeId, w.weightBp])),
          after: Object.fromEntries(weights.map((w) => [w.gameTypeId, w.weightBp])),
        });
      });
    },

    async saveSettings(s: Omit<SettingsRow, 'id' | 'updatedAt'>, audit: AuditInTx) {
      const before = await repo.settings();
      return db.transaction(async (tx) => {
        await createVipRepository(tx).saveSettings(s, clock.now());
        await audit(tx, {
          before: {
            auto: before.rebateAutoCredit,
            rebate_turnover: before.rebateTurnoverCentis,
            reward_turnover: before.rewardTurnoverCentis,
          },
          after: {
            auto: s.rebateAutoCredit,
            rebate_turnover: s.rebateTurnoverCentis,
            reward_turnover: s.rewardTurnoverCentis,
          },
        });
      });
    },

    async savePeriod(
      id: number | null,
      p: { name: string; startDay: string; endDay: string; topN: number; turnoverCentis: number },
      prizes: { rank: number; amountMicro: bigint }[],
      audit: AuditInTx,
    ) {
      if (p.endDay < p.startDay) throw new AppError('TOURNAMENT_INVALID', { reason: '结束日期早于开始日期' });
      const ranks = prizes.map((x) => x.rank);
      if (new Set(ranks).size !== ranks.length)
        throw new AppError('TOURNAMENT_INVALID', { reason: '名次重复' });
      const today = reportDay(clock.now());
      return db.transaction(async (tx) => {
        const r = createVipRepository(tx);
        if (await r.overlapping(p.startDay, p.endDay, id)) throw new AppError('TOURNAMENT_OVERLAP');
        let period: PeriodRow;
        if (id === null) {
          period = await r.insertPeriod({ ...p, status: PeriodStatus.OPEN, createdAt: clock.now() });
        } else {
          const before = await r.period(id);
          if (!before) throw new AppError('TOURNAMENT_NOT_FOUND');
          if (before.status !== PeriodStatus.OPEN || before.startDay <= today)
            throw new AppError('TOURNAMENT_LOCKED');
          period = (await r.updatePeriod(id, p))!;
        }
        await r.replacePrizes(period.id, prizes);
        await audit(tx, {
          after: {
            id: period.id,
            name: p.name,
            start: p.startDay,
            end: p.endDay,
            prizes: prizes.map((x) => [x.rank, x.amountMicro.toString()]),
          },
        });
        return period;
      });
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
