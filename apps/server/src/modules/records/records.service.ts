import type { Clock } from '../../lib/clock';
import { timeRangeBounds, type TimeRange } from '../../lib/time-range';
import type { DbOrTx } from '../../db/client';
import {
  createRecordsRepository,
  type RecordsRepository,
  type RoundChange,
  type RoundRollback,
} from './records.repository';

/** Bet records and win/loss reports (spec §7), from the rounds of every provider and original. */
export function createRecordsService(deps: { repo: RecordsRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /**
     * Records money on a round inside the caller's transaction (`conn`), so the round and the ledger move
     * together. Providers' rounds grow call by call; an original's round is written once, closed.
     */
    recordRound: (conn: DbOrTx, change: RoundChange) => createRecordsRepository(conn).recordRound(change),

    /** Takes a rolled-back stake off its round, inside the caller's transaction. */
    markRoundRolledBack: (conn: DbOrTx, rollback: RoundRollback) =>
      createRecordsRepository(conn).markRoundRolledBack(rollback),

    /** The player's counted rounds per game in the range (a page of games) and their summary. */
    async betRecords(
      playerId: number,
      q: { range: TimeRange; gameType?: number; page: number; size: number },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      const gameType = q.gameType || undefined;
      const [games, summary] = await Promise.all([
        repo.perGame(playerId, w, gameType, q.size, (q.page - 1) * q.size),
        repo.summary(playerId, w, gameType),
      ]);
      return { ...games, summary };
    },

    /** The rounds of one game in the range, newest first; an original's round carries its fairness data. */
    async betDetail(
      playerId: number,
      q: { providerId: number; gameCode: string; range: TimeRange; page: number; size: number },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      return repo.rounds(playerId, q.providerId, q.gameCode, w, q.size, (q.page - 1) * q.size);
    },

    /** Counted rounds per day (UTC+8) and category in the range, with their sum. */
    async winLoss(playerId: number, q: { range: TimeRange }) {
      const rows = await repo.perDayAndCategory(playerId, timeRangeBounds(q.range, clock.now()));
      const total = { betCount: 0, stakeMicro: 0n, payoutMicro: 0n };
      for (const r of rows) {
        total.betCount += r.betCount;
        total.stakeMicro += r.stakeMicro;
        total.payoutMicro += r.payoutMicro;
      }
      return { rows, total };
    },

    /**
     * Totals of the player's rounds opened in [from, to): the security centre's reality check shows them as
     * the result of the current session.
     */
    totalsBetween: (playerId: number, from: Date, to: Date) =>
      repo.summary(playerId, { from, to }, undefined),

    /** Settled valid bets between boundaries (see the repository); the withdrawals module's turnover reads it. */
    settledStakeBySegments: (playerId: number, boundaries: Date[]) =>
      repo.settledStakeBySegments(playerId, boundaries),
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
