import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { RoundStatus } from './bets.schema';

/**
 * Bet records and reports, read from bet_rounds (every round of providers and originals). Rolled-back rounds
 * are left out of the sums: their stake went back to the player. Every query is scoped by player. Only this
 * module's table is read here: names come from the games module and an original's proof from the originals
 * module, through their services (bets.service).
 */
export interface Window {
  from: Date;
  to: Date;
}

/** A change to one round: the stake and payout it adds, and whether the round is now closed. */
export interface RoundChange {
  providerId: number;
  roundId: string;
  playerId: number;
  gameCode: string;
  gameTypeId: number;
  stakeDeltaMicro: bigint;
  payoutDeltaMicro: bigint;
  close: boolean;
  now: Date;
  /** An original's seed pair and nonce, stored on its round so the record joins the bet that proves it. */
  fair?: { seedId: number; nonce: number };
}

/** A rolled-back stake to take off its round. */
export interface RoundRollback {
  providerId: number;
  roundId: string;
  playerId: number;
  stakeMicro: bigint;
  now: Date;
}

type Totals = { bet_count: number; stake_micro: string; payout_micro: string };

/** Counted rounds and their money. */
export interface RoundTotals {
  betCount: number;
  stakeMicro: bigint;
  payoutMicro: bigint;
}

const totalsOf = (r: Totals): RoundTotals => ({
  betCount: r.bet_count,
  stakeMicro: BigInt(r.stake_micro),
  payoutMicro: BigInt(r.payout_micro),
});
const dateOf = (d: Date | string) => new Date(d);

export function createBetsRepository(db: DbOrTx) {
  const counted = sql`r.status <> ${RoundStatus.ROLLED_BACK}`;
  const inWindow = (w: Window) =>
    sql`r.opened_at >= ${w.from.toISOString()}::timestamptz and r.opened_at < ${w.to.toISOString()}::timestamptz`;

  return {
    /** Adds to a round's stake and payout (creating it on first sight) and closes it when the provider says so. */
    async recordRound(r: RoundChange) {
      // The round's SQL is koi_bet_round_record (bets/sql), shared with the providers' one-statement
      // wallet call, so bet_rounds is written by this module's SQL only.
      await db.execute(sql`select koi_bet_round_record(${r.providerId}::int, ${r.roundId}::text,
        ${r.playerId}::bigint, ${r.gameCode}::text, ${r.gameTypeId}::int, ${r.stakeDeltaMicro.toString()}::bigint,
        ${r.payoutDeltaMicro.toString()}::bigint, ${r.close}::boolean, ${r.now.toISOString()}::timestamptz)`);
      // The shared function knows nothing of seeds (the providers' wallet call uses it too), so an original's
      // round gets its seed pair and nonce in a second statement of the same transaction.
      if (r.fair) {
        await db.execute(sql`update bet_rounds set seed_id = ${r.fair.seedId}, nonce = ${r.fair.nonce}
          where provider_id = ${r.providerId} and round_id = ${r.roundId} and player_id = ${r.playerId}`);
      }
    },

    /** Takes a rolled-back stake off the round; a round with nothing staked left counts as rolled back. */
    async markRoundRolledBack(r: RoundRollback) {
      await db.execute(sql`select koi_bet_round_rolled_back(${r.providerId}::int, ${r.roundId}::text,
        ${r.playerId}::bigint, ${r.stakeMicro.toString()}::bigint, ${r.now.toISOString()}::timestamptz)`);
    },

    async perGame(playerId: number, w: Window, gameType: number | undefined, limit: number, offset: number) {
      const typeFilter = gameType ? sql`and r.game_type_id = ${gameType}` : sql``;
      const rows = await queryRows<
        Totals & { provider_id: number; game_code: string; game_type_id: number; total: number }
      >(
        db,
        sql`select r.provider_id, r.game_code, r.game_type_id, count(*)::int as bet_count,
                   sum(r.stake_micro)::text as stake_micro, sum(r.payout_micro)::text as payout_micro,
                   count(*) over ()::int as total
            from bet_rounds r
            where r.player_id = ${playerId} and ${counted} and ${inWindow(w)} ${typeFilter}
            group by r.provider_id, r.game_code, r.game_type_id
            order by max(r.opened_at) desc, r.provider_id, r.game_code
            limit ${limit} offset ${offset}`,
      );
      return {
        rows: rows.map((r) => ({
          providerId: r.provider_id,
          gameCode: r.game_code,
          gameTypeId: r.game_type_id,
          ...totalsOf(r),
        })),
        total: rows[0]?.total ?? 0,
      };
    },

    async summary(playerId: number, w: Window, gameType: number | undefined) {
      const typeFilter = gameType ? sql`and r.game_type_id = ${gameType}` : sql``;
      const rows = await queryRows<Totals>(
        db,
        sql`select count(*)::int as bet_count, coalesce(sum(r.stake_micro), 0)::text as stake_micro,
                   coalesce(sum(r.payout_micro), 0)::text as payout_micro
            from bet_rounds r where r.player_id = ${playerId} and ${counted} and ${inWindow(w)} ${typeFilter}`,
      );
      return totalsOf(rows[0]!);
    },

    async rounds(
      playerId: number,
      providerId: number,
      gameCode: string,
      w: Window,
      limit: number,
      offset: number,
    ) {
      const rows = await queryRows<{
        round_id: string;
        game_code: string;
        stake_micro: string;
        payout_micro: string;
        status: number;
        opened_at: Date | string;
        closed_at: Date | string | null;
        seed_id: number | string | null;
        nonce: number | null;
        total: number;
      }>(
        db,
        sql`select r.round_id, r.game_code, r.stake_micro::text, r.payout_micro::text, r.status, r.opened_at,
                   r.closed_at, r.seed_id, r.nonce, count(*) over ()::int as total
            from bet_rounds r
            where r.player_id = ${playerId} and r.provider_id = ${providerId} and r.game_code = ${gameCode}
              and ${inWindow(w)}
            order by r.opened_at desc, r.id desc
            limit ${limit} offset ${offset}`,
      );
      return {
        rows: rows.map((r) => ({
          providerId,
          roundId: r.round_id,
          gameCode: r.game_code,
          stakeMicro: BigInt(r.stake_micro),
          payoutMicro: BigInt(r.payout_micro),
          status: r.status,
          openedAt: dateOf(r.opened_at),
          closedAt: r.closed_at === null ? null : dateOf(r.closed_at),
          /** An original's seed pair and nonce: the bet that proves the round (null for a provider's round). */
          fair: r.seed_id !== null && r.nonce !== null ? { seedId: Number(r.seed_id), nonce: r.nonce } : null,
        })),
        total: rows[0]?.total ?? 0,
      };
    },

    async perDayAndCategory(playerId: number, w: Window) {
      const rows = await queryRows<Totals & { day: string; game_type_id: number }>(
        db,
        sql`select to_char((r.opened_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, r.game_type_id,
                   count(*)::int as bet_count, sum(r.stake_micro)::text as stake_micro,
                   sum(r.payout_micro)::text as payout_micro
            from bet_rounds r
            where r.player_id = ${playerId} and ${counted} and ${inWindow(w)}
            group by 1, r.game_type_id
            order by 1 desc, r.game_type_id`,
      );
      return rows.map((r) => ({ day: r.day, gameTypeId: r.game_type_id, ...totalsOf(r) }));
    },

    /**
     * Stakes of settled rounds (closed, not rolled back) by when they closed, split at `boundaries` (sorted
     * ascending): element 0 sums rounds closed before boundaries[0], element i those in
     * [boundaries[i-1], boundaries[i]), the last those closed at or after the last boundary.
     */
    async settledStakeBySegments(playerId: number, boundaries: Date[]): Promise<bigint[]> {
      const sums: bigint[] = Array.from({ length: boundaries.length + 1 }, () => 0n);
      if (boundaries.length === 0) return sums;
      const thresholds = `{${boundaries.map((b) => b.toISOString()).join(',')}}`;
      const rows = await queryRows<{ bucket: number; stake: string }>(
        db,
        sql`select width_bucket(r.closed_at, ${thresholds}::timestamptz[])::int as bucket,
                   sum(r.stake_micro)::text as stake
            from bet_rounds r
            where r.player_id = ${playerId} and r.status = ${RoundStatus.CLOSED}
              and r.closed_at >= ${boundaries[0]!.toISOString()}::timestamptz
            group by 1`,
      );
      for (const row of rows) sums[row.bucket] = BigInt(row.stake);
      return sums;
    },
  };
}

export type BetsRepository = ReturnType<typeof createBetsRepository>;
