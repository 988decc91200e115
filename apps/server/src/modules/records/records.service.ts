import { formatMicro, formatSigned } from '@koi/ledger';
import type { Clock } from '../../lib/clock';
import { timeRangeBounds, type TimeRange } from '../../lib/time-range';
import { outcomeToWire } from '../originals/originals.wire';
import type { DbOrTx } from '../../db/client';
import {
  createRecordsRepository,
  type RecordsRepository,
  type RoundChange,
  type RoundRollback,
} from './records.repository';

function money(stakeMicro: string, payoutMicro: string) {
  const stake = BigInt(stakeMicro);
  const payout = BigInt(payoutMicro);
  return { stake: formatMicro(stake), payout: formatMicro(payout), profit: formatSigned(payout - stake) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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

    async betRecords(
      playerId: number,
      q: { range: TimeRange; game_type?: number; page: number; size: number },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      const gameType = q.game_type || undefined;
      const [rows, summary] = await Promise.all([
        repo.perGame(playerId, w, gameType, q.size, (q.page - 1) * q.size),
        repo.summary(playerId, w, gameType),
      ]);
      return {
        data: rows.map((r) => ({
          plat_type_id: r.plat_type_id,
          plat_name: r.plat_name,
          game_code: r.game_code,
          game_name: r.game_name ?? r.game_code,
          game_type_id: r.game_type_id,
          bet_count: r.bet_count,
          ...money(r.stake_micro, r.payout_micro),
        })),
        total: rows[0]?.total ?? 0,
        summary: { bet_count: summary.bet_count, ...money(summary.stake_micro, summary.payout_micro) },
      };
    },

    async betDetail(
      playerId: number,
      q: { plat_type_id: number; game_code: string; range: TimeRange; page: number; size: number },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      const rows = await repo.rounds(playerId, q.plat_type_id, q.game_code, w, q.size, (q.page - 1) * q.size);
      return {
        data: rows.map((r) => ({
          round_id: r.round_id,
          game_code: r.game_code,
          game_name: r.game_name ?? r.game_code,
          ...money(r.stake_micro, r.payout_micro),
          status: r.status,
          opened_at: iso(r.opened_at)!,
          closed_at: iso(r.closed_at),
          fairness:
            r.o_game && r.o_outcome && r.s_hash && r.s_client !== null && r.o_nonce !== null
              ? {
                  game: r.o_game,
                  params: r.o_params ?? {},
                  outcome: outcomeToWire(r.o_outcome),
                  multiplier: r.o_multiplier ?? '',
                  server_seed_hash: r.s_hash,
                  client_seed: r.s_client,
                  nonce: r.o_nonce,
                  // The server seed stays secret while its pair is in use; rotating reveals it.
                  server_seed: r.s_active ? null : r.s_seed,
                }
              : null,
        })),
        total: rows[0]?.total ?? 0,
      };
    },

    async winLoss(playerId: number, q: { range: TimeRange }) {
      const rows = await repo.perDayAndCategory(playerId, timeRangeBounds(q.range, clock.now()));
      let count = 0;
      let stake = 0n;
      let payout = 0n;
      for (const r of rows) {
        count += r.bet_count;
        stake += BigInt(r.stake_micro);
        payout += BigInt(r.payout_micro);
      }
      return {
        data: rows.map((r) => ({
          date: r.day,
          game_type_id: r.game_type_id,
          category_name: r.category_name,
          bet_count: r.bet_count,
          ...money(r.stake_micro, r.payout_micro),
        })),
        total: { bet_count: count, ...money(stake.toString(), payout.toString()) },
      };
    },

    /**
     * Totals of the player's rounds opened in [from, to): the security centre's reality check shows them as
     * the result of the current session.
     */
    async totalsBetween(playerId: number, from: Date, to: Date) {
      const t = await repo.summary(playerId, { from, to }, undefined);
      return {
        betCount: t.bet_count,
        stakeMicro: BigInt(t.stake_micro),
        payoutMicro: BigInt(t.payout_micro),
      };
    },

    /** Settled valid bets between boundaries (see the repository); the withdrawals module's turnover reads it. */
    settledStakeBySegments: (playerId: number, boundaries: Date[]) =>
      repo.settledStakeBySegments(playerId, boundaries),
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
