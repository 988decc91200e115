import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { PageWindow } from '../../lib/paging';
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

/** A round that arrives settled and is written once: an original's bet, a pulled transfer-wallet round. */
export interface SettledRound {
  providerId: number;
  roundId: string;
  playerId: number;
  gameCode: string;
  gameTypeId: number;
  stakeMicro: bigint;
  payoutMicro: bigint;
  openedAt: Date;
  settledAt: Date;
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

/** How the valid-bet feed may be grouped: by UTC+8 day, game category, provider. */
export type FeedDimension = 'day' | 'category' | 'provider';
const FEED_DIMENSIONS: readonly FeedDimension[] = ['day', 'category', 'provider'];
const FEED_COLUMN: Record<FeedDimension, string> = {
  day: `to_char(v.day, 'YYYY-MM-DD') as day`,
  category: 'v.game_type_id',
  provider: 'v.provider_id',
};
type FeedRow = Totals & { day?: string; game_type_id?: number; provider_id?: number };

/** One row of the feed: the keys it was grouped by, the valid bet (stake), the payout and the player's result. */
export interface ValidBetRow extends RoundTotals {
  day?: string;
  gameTypeId?: number;
  providerId?: number;
  /** payout − stake: what the player won (positive) or lost. */
  resultMicro: bigint;
}

const feedRowOf = (r: FeedRow): ValidBetRow => {
  const totals = totalsOf(r);
  return {
    ...(r.day !== undefined ? { day: r.day } : {}),
    ...(r.game_type_id !== undefined ? { gameTypeId: r.game_type_id } : {}),
    ...(r.provider_id !== undefined ? { providerId: r.provider_id } : {}),
    ...totals,
    resultMicro: totals.payoutMicro - totals.stakeMicro,
  };
};

export function createBetsRepository(db: DbOrTx) {
  const counted = sql`r.status <> ${RoundStatus.ROLLED_BACK}`;
  const inWindow = (w: Window) =>
    sql`r.opened_at >= ${w.from.toISOString()}::timestamptz and r.opened_at < ${w.to.toISOString()}::timestamptz`;

  return {
    /** Sets (or with null removes) the player's stake cap from `source`; see stake_caps. */
    async setStakeCap(playerId: number, source: string, capMicro: bigint | null): Promise<void> {
      await db.execute(
        capMicro === null
          ? sql`delete from stake_caps where player_id = ${playerId} and source = ${source}`
          : sql`insert into stake_caps (player_id, source, cap_micro)
                values (${playerId}, ${source}, ${capMicro.toString()}::bigint)
                on conflict (player_id, source) do update set cap_micro = excluded.cap_micro`,
      );
    },

    /** Writes a round that arrives settled, once (see koi_bet_round_settled); true when this call wrote it. */
    async recordSettledRound(r: SettledRound & { valid: boolean }): Promise<boolean> {
      const rows = await queryRows<{ recorded: boolean }>(
        db,
        sql`select koi_bet_round_settled(${r.providerId}::int, ${r.roundId}::text, ${r.playerId}::bigint,
          ${r.gameCode}::text, ${r.gameTypeId}::int, ${r.stakeMicro.toString()}::bigint,
          ${r.payoutMicro.toString()}::bigint, ${r.valid}::boolean, ${r.openedAt.toISOString()}::timestamptz,
          ${r.settledAt.toISOString()}::timestamptz, ${r.fair?.seedId ?? null}::bigint,
          ${r.fair?.nonce ?? null}::int) as recorded`,
      );
      return rows[0]!.recorded;
    },

    async perGame(playerId: number, w: Window, gameType: number | undefined, { limit, offset }: PageWindow) {
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
      { limit, offset }: PageWindow,
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
     * The player's valid bets on the report days [fromDay, toDay] (inclusive, YYYY-MM-DD, UTC+8), grouped by
     * the dimensions asked for (none: one total row). Served by valid_bets_daily's primary key.
     */
    async validBets(playerId: number, fromDay: string, toDay: string, by: readonly FeedDimension[]) {
      const columns = FEED_DIMENSIONS.filter((d) => by.includes(d));
      const select = columns.length ? sql.raw(`${columns.map((d) => FEED_COLUMN[d]).join(', ')},`) : sql``;
      // Grouped and ordered by position: the keys are the first columns selected.
      const positions = columns.map((_, i) => i + 1).join(', ');
      const group = columns.length ? sql.raw(`group by ${positions} order by ${positions}`) : sql``;
      const rows = await queryRows<FeedRow>(
        db,
        sql`select ${select} coalesce(sum(v.bet_count), 0)::int as bet_count,
                   coalesce(sum(v.stake_micro), 0)::text as stake_micro,
                   coalesce(sum(v.payout_micro), 0)::text as payout_micro
            from valid_bets_daily v
            where v.player_id = ${playerId} and v.day between ${fromDay}::date and ${toDay}::date
            ${group}`,
      );
      return rows.map(feedRowOf);
    },

    /** Each listed player's valid bets on the report days [fromDay, toDay]; players without any are left out. */
    async validBetsOfPlayers(playerIds: readonly number[], fromDay: string, toDay: string) {
      if (playerIds.length === 0) return [];
      const rows = await queryRows<FeedRow & { player_id: number | string }>(
        db,
        sql`select v.player_id, sum(v.bet_count)::int as bet_count, sum(v.stake_micro)::text as stake_micro,
                   sum(v.payout_micro)::text as payout_micro
            from valid_bets_daily v
            where v.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])
              and v.day between ${fromDay}::date and ${toDay}::date
            group by v.player_id order by v.player_id`,
      );
      return rows.map((r) => ({ playerId: Number(r.player_id), ...feedRowOf(r) }));
    },

    /**
     * The feed of the listed players on the report days [fromDay, toDay], per player, day and category
     * (providers summed): what team sums (agents) are built from. Players without valid bets are left out.
     */
    async feedOfPlayers(playerIds: readonly number[], fromDay: string, toDay: string) {
      if (playerIds.length === 0) return [];
      const rows = await queryRows<
        Totals & { player_id: number | string; day: string; game_type_id: number }
      >(
        db,
        sql`select v.player_id, to_char(v.day, 'YYYY-MM-DD') as day, v.game_type_id,
                   sum(v.bet_count)::int as bet_count, sum(v.stake_micro)::text as stake_micro,
                   sum(v.payout_micro)::text as payout_micro
            from valid_bets_daily v
            where v.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])
              and v.day between ${fromDay}::date and ${toDay}::date
              and (v.bet_count <> 0 or v.stake_micro <> 0)
            group by v.player_id, v.day, v.game_type_id
            order by v.player_id, v.day, v.game_type_id`,
      );
      return rows.map((r) => ({
        playerId: Number(r.player_id),
        day: r.day,
        gameTypeId: r.game_type_id,
        ...totalsOf(r),
      }));
    },

    /**
     * The settled valid rounds (valid-bets.ts) of the listed players that first settled on report day `day`,
     * one row each, by id: the bet records a statement of that day is recomputed from.
     */
    async validRoundsOfDay(playerIds: readonly number[], day: string) {
      if (playerIds.length === 0) return [];
      const rows = await queryRows<{
        id: string;
        player_id: string;
        game_type_id: number;
        stake_micro: string;
      }>(
        db,
        sql`select r.id::text, r.player_id::text, r.game_type_id, r.stake_micro::text
            from bet_rounds r
            where r.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])
              and r.status = ${RoundStatus.CLOSED} and r.valid
              and r.settled_at >= (${day}::date::timestamp - interval '8 hours') at time zone 'UTC'
              and r.settled_at < (${day}::date::timestamp + interval '16 hours') at time zone 'UTC'
            order by r.id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        playerId: Number(r.player_id),
        gameTypeId: r.game_type_id,
        stakeMicro: BigInt(r.stake_micro),
      }));
    },

    /**
     * The player's net result (payouts minus stakes) over every round closed (settled, not rolled back) with
     * `settled_at` in [from, to]: near-certain rounds too, since what they won is money like any other.
     */
    async netResultBetween(playerId: number, from: Date, to: Date): Promise<bigint> {
      const rows = await queryRows<{ net: string | null }>(
        db,
        sql`select sum(r.payout_micro - r.stake_micro)::text as net
            from bet_rounds r
            where r.player_id = ${playerId} and r.status = ${RoundStatus.CLOSED}
              and r.settled_at >= ${from.toISOString()}::timestamptz
              and r.settled_at <= ${to.toISOString()}::timestamptz`,
      );
      return BigInt(rows[0]?.net ?? '0');
    },

    /**
     * Stakes of settled valid rounds (closed, not rolled back, not near-certain: valid-bets.ts) by when they
     * first settled, split at `boundaries` (sorted ascending): element 0 sums rounds settled before
     * boundaries[0], element i those in [boundaries[i-1], boundaries[i]), the last those settled at or after
     * the last boundary.
     */
    async settledStakeBySegments(playerId: number, boundaries: Date[]): Promise<bigint[]> {
      const sums: bigint[] = Array.from({ length: boundaries.length + 1 }, () => 0n);
      if (boundaries.length === 0) return sums;
      const thresholds = `{${boundaries.map((b) => b.toISOString()).join(',')}}`;
      const rows = await queryRows<{ bucket: number; stake: string }>(
        db,
        sql`select width_bucket(r.settled_at, ${thresholds}::timestamptz[])::int as bucket,
                   sum(r.stake_micro)::text as stake
            from bet_rounds r
            where r.player_id = ${playerId} and r.status = ${RoundStatus.CLOSED} and r.valid
              and r.settled_at >= ${boundaries[0]!.toISOString()}::timestamptz
            group by 1`,
      );
      for (const row of rows) sums[row.bucket] = BigInt(row.stake);
      return sums;
    },

    /**
     * The player's settled valid round (valid-bets.ts) that first settled in [from, to) at a stake of at most
     * `maxStakeMicro`, in the categories (empty: all), with the highest payout ÷ stake; null when none.
     */
    async bestHit(
      playerId: number,
      w: Window,
      categories: readonly number[],
      maxStakeMicro: bigint,
    ): Promise<{ roundId: string; stakeMicro: bigint; payoutMicro: bigint } | null> {
      const inCategories = categories.length
        ? sql`and r.game_type_id = any(${`{${categories.join(',')}}`}::smallint[])`
        : sql``;
      const rows = await queryRows<{ round_id: string; stake: string; payout: string }>(
        db,
        sql`select r.round_id, r.stake_micro::text stake, r.payout_micro::text payout
            from bet_rounds r
            where r.player_id = ${playerId} and r.status = ${RoundStatus.CLOSED} and r.valid
              and r.stake_micro > 0 and r.stake_micro <= ${maxStakeMicro.toString()}::bigint
              and r.settled_at >= ${w.from.toISOString()}::timestamptz
              and r.settled_at < ${w.to.toISOString()}::timestamptz ${inCategories}
            order by r.payout_micro::numeric / r.stake_micro desc limit 1`,
      );
      const row = rows[0];
      return row
        ? { roundId: row.round_id, stakeMicro: BigInt(row.stake), payoutMicro: BigInt(row.payout) }
        : null;
    },
  };
}

export type BetsRepository = ReturnType<typeof createBetsRepository>;
