import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { findRow, insertNewRows, insertRow, pgArray, selectPage, selectRows, updateRow } from '../../db/rows';
import { pageWindow } from '../../lib/paging';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import {
  ClaimStatus,
  PeriodStatus,
  RewardType,
  tournamentPayouts,
  tournamentPeriods,
  tournamentPrizes,
  vipCategoryWeights,
  vipLevels,
  vipPlayers,
  vipRebateRates,
  vipRebateRuns,
  vipRebates,
  vipRewards,
  vipSettings,
  type LevelRow,
  type RateRow,
  type WeightRow,
  type SettingsRow,
  type RebateRow,
  type PeriodRow,
} from './vip.schema';

/** One line of a rebate: the day's valid bet in one category, its weight, the rate and what it paid. */
export interface RebateLine {
  gameTypeId: number;
  betCount: number;
  stakeMicro: bigint;
  weightBp: number;
  ratePpm: number;
  amountMicro: bigint;
}

/** What settling one day wrote: rebates added by this run and the day's totals after it. */
export interface DaySettlement {
  added: number;
  addedMicro: bigint;
  players: number;
  validBetMicro: bigint;
  amountMicro: bigint;
  /** The players whose level the run raised, with their new level. */
  raised: { playerId: number; level: number }[];
}

/** A leaderboard line: the player and their weighted valid bet in the period, best first. */
export interface Standing {
  playerId: number;
  scoreMicro: bigint;
}

/** The turnover multiple of rebates and rewards (hundredths: 100 = 1×) before an operator sets one. */
const DEFAULT_TURNOVER_CENTIS = 100;

/*
 * The weighted valid bet of a feed row: its stake × the category's contribution (a category without a weight
 * counts in full), rounded down to the micro. One SQL expression, so the rebate run, the VIP progress and the
 * tournament agree to the micro. It is whole-number arithmetic, which the daily run's aggregation does per feed
 * row: with the stake s = 10000·q + r, s·w / 10000 rounded down is q·w + r·w / 10000 rounded down, and integer
 * division rounds down for the non-negative values here (a feed row's stake is a sum of stakes; the weight is
 * 0–10000 basis points, held by vip_category_weights_ck), so every product stays at or below the stake and none can overflow.
 */
const WEIGHTED = sql.raw(
  `(v.stake_micro / 10000) * coalesce(w.weight_bp, 10000) + (v.stake_micro % 10000) * coalesce(w.weight_bp, 10000) / 10000`,
);

/**
 * Taking a reward or a rebate is one conditional UPDATE of its row: the row `key` picks, if it is the player's
 * and still claimable, becomes claimed; both kinds share the condition and what is written.
 */
const claimable = (table: typeof vipRewards | typeof vipRebates, key: SQL | undefined, playerId: number) =>
  and(key, eq(table.playerId, playerId), eq(table.status, ClaimStatus.CLAIMABLE));
const claimedAt = (now: Date) => ({ status: ClaimStatus.CLAIMED, claimedAt: now });

/** The keys of the player's claimable rewards (ids) or rebates (days), in order: what claiming them all takes. */
async function claimableKeys<K extends typeof vipRewards.id | typeof vipRebates.day>(
  db: DbOrTx,
  table: typeof vipRewards | typeof vipRebates,
  key: K,
  playerId: number,
): Promise<K['_']['data'][]> {
  const rows = await db
    .select({ key })
    .from(table)
    .where(claimable(table, undefined, playerId))
    .orderBy(asc(key));
  return rows.map((r) => r.key as K['_']['data']);
}

/** A rebate's lines, read from the parallel arrays of its row (vip.schema.ts, vipRebates), by category. */
export function rebateLines(r: RebateRow): RebateLine[] {
  return r.lineGameTypeIds
    .map((gameTypeId, i) => ({
      gameTypeId,
      betCount: r.lineBetCounts[i]!,
      stakeMicro: BigInt(r.lineStakesMicro[i]!),
      weightBp: r.lineWeightsBp[i]!,
      ratePpm: r.lineRatesPpm[i]!,
      amountMicro: BigInt(r.lineAmountsMicro[i]!),
    }))
    .sort((a, b) => a.gameTypeId - b.gameTypeId);
}

export function createVipRepository(db: DbOrTx) {
  return {
    // ----- The VIP table, rates, weights and settings.

    levels: () => db.select().from(vipLevels).orderBy(asc(vipLevels.level)),
    rates: () =>
      db.select().from(vipRebateRates).orderBy(asc(vipRebateRates.level), asc(vipRebateRates.gameTypeId)),
    weights: () => db.select().from(vipCategoryWeights).orderBy(asc(vipCategoryWeights.gameTypeId)),
    async settings(): Promise<SettingsRow> {
      const [row] = await db.select().from(vipSettings).where(eq(vipSettings.id, 1));
      return (
        row ?? {
          id: 1,
          rebateAutoCredit: false,
          rebateTurnoverCentis: DEFAULT_TURNOVER_CENTIS,
          rewardTurnoverCentis: DEFAULT_TURNOVER_CENTIS,
          updatedAt: new Date(0),
        }
      );
    },

    /** Replaces the whole table of levels and rates (the console edits them as one table). */
    async replaceLevels(levels: Omit<LevelRow, 'updatedAt'>[], rates: RateRow[], now: Date) {
      await db.delete(vipRebateRates);
      await db.delete(vipLevels);
      if (levels.length) await db.insert(vipLevels).values(levels.map((l) => ({ ...l, updatedAt: now })));
      if (rates.length) await db.insert(vipRebateRates).values(rates);
    },

    async replaceWeights(weights: WeightRow[]) {
      await db.delete(vipCategoryWeights);
      if (weights.length) await db.insert(vipCategoryWeights).values(weights);
    },

    async saveSettings(s: Omit<SettingsRow, 'id' | 'updatedAt'>, now: Date) {
      await db
        .insert(vipSettings)
        .values({ id: 1, ...s, updatedAt: now })
        .onConflictDoUpdate({ target: vipSettings.id, set: { ...s, updatedAt: now } });
    },

    // ----- Players' standing and rewards.

    async player(playerId: number) {
      const [row] = await db.select().from(vipPlayers).where(eq(vipPlayers.playerId, playerId));
      return row ?? null;
    },

    /**
     * Raises a player's level to `level` if it is higher than the stored one, and adds the level-up reward of
     * every level crossed (each once: the reward's unique fact is the player, type 1 and `L<level>`). The
     * player's row is locked while read and written, so two requests crossing the same levels at once add
     * each reward once. Answers the levels crossed.
     */
    async raiseLevel(playerId: number, level: number, now: Date): Promise<number[]> {
      await db.insert(vipPlayers).values({ playerId, updatedAt: now }).onConflictDoNothing();
      const [row] = await queryRows<{ level: number }>(
        db,
        sql`select level from vip_players where player_id = ${playerId} for update`,
      );
      const old = Number(row?.level ?? 0);
      if (level <= old) return [];
      await db.update(vipPlayers).set({ level, updatedAt: now }).where(eq(vipPlayers.playerId, playerId));
      await queryRows(
        db,
        sql`insert into vip_rewards (player_id, type, period, level, amount_micro, status, created_at)
            select ${playerId}, ${RewardType.LEVEL_UP}, 'L' || l.level, l.level, l.level_up_reward_micro,
                   ${ClaimStatus.CLAIMABLE}, ${now.toISOString()}::timestamptz
            from vip_levels l
            where l.level > ${old} and l.level <= ${level} and l.level_up_reward_micro > 0
            on conflict do nothing`,
      );
      return Array.from({ length: level - old }, (_, i) => old + 1 + i);
    },

    rewardsOf: (playerId: number) =>
      selectRows(db, vipRewards, {
        where: eq(vipRewards.playerId, playerId),
        orderBy: [asc(vipRewards.status), desc(vipRewards.createdAt), desc(vipRewards.id)],
        limit: 100,
      }),

    /** Marks a claimable reward claimed and answers it; null when it is not the player's or not claimable. */
    takeReward: (playerId: number, id: number, now: Date) =>
      updateRow(db, vipRewards, claimable(vipRewards, eq(vipRewards.id, id), playerId), claimedAt(now)),

    /**
     * The day's check-in, recorded claimed (the check-in is its claim). Null when the player already has one
     * for the day: the unique fact (player, type 3, day) settles racing check-ins, the losers waiting for the
     * winner's commit and inserting nothing.
     */
    async insertCheckIn(r: { playerId: number; day: string; level: number; amountMicro: bigint; now: Date }) {
      const [row] = await db
        .insert(vipRewards)
        .values({
          playerId: r.playerId,
          type: RewardType.CHECK_IN,
          period: r.day,
          level: r.level,
          amountMicro: r.amountMicro,
          status: ClaimStatus.CLAIMED,
          createdAt: r.now,
          claimedAt: r.now,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    checkInOf: (playerId: number, day: string) =>
      findRow(
        db,
        vipRewards,
        and(
          eq(vipRewards.playerId, playerId),
          eq(vipRewards.type, RewardType.CHECK_IN),
          eq(vipRewards.period, day),
        ),
      ),

    reward: (playerId: number, id: number) =>
      findRow(db, vipRewards, and(eq(vipRewards.id, id), eq(vipRewards.playerId, playerId))),

    claimableRewardIds: (playerId: number) => claimableKeys(db, vipRewards, vipRewards.id, playerId),

    /**
     * Month-end rewards of `month` (YYYY-MM, days [first, last]): every player whose level pays a monthly
     * reward and who placed a valid bet in the month gets one, once (unique fact: player, type 2, month).
     */
    async grantMonthEnd(month: string, first: string, last: string, now: Date) {
      const [row] = await queryRows<{ n: number; total: string }>(
        db,
        sql`with ins as (
              insert into vip_rewards (player_id, type, period, level, amount_micro, status, created_at)
              select p.player_id, ${RewardType.MONTH_END}, ${month}, p.level, l.monthly_reward_micro,
                     ${ClaimStatus.CLAIMABLE}, ${now.toISOString()}::timestamptz
              from vip_players p join vip_levels l on l.level = p.level
              where l.monthly_reward_micro > 0
                and exists (select 1 from koi_valid_bets_days(${first}::date, ${last}::date) v
                            where v.player_id = p.player_id and v.stake_micro > 0)
              on conflict do nothing
              returning amount_micro)
            select count(*)::int as n, coalesce(sum(amount_micro), 0)::text as total from ins`,
      );
      return { added: Number(row?.n ?? 0), amountMicro: BigInt(row?.total ?? '0') };
    },

    async monthGranted(month: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        // The type is written into the text, not bound, so the planner can match vip_rewards_month_end_idx's
        // predicate whatever plan it caches.
        sql`select 1 from vip_rewards where type = ${sql.raw(String(RewardType.MONTH_END))} and period = ${month} limit 1`,
      );
      return rows.length > 0;
    },

    // ----- Rebates.

    /**
     * Settles one UTC+8 day in two statements (the caller holds the transaction and the day's lock), each
     * one pass over the day's feed:
     *
     * 1. The standing: adds each player's weighted valid bets of the day to their VIP points (once: only
     *    where the points were settled to an earlier day) and raises the level to the highest the new points
     *    reach, never lower, in the same write; then adds the level-up reward of every level crossed. The
     *    level before is read from vip_players in the same statement, which sees the table as it was when the
     *    statement began; a level raised meanwhile by a player's own look (raiseLevel) only makes a reward
     *    insert find its fact already there.
     * 2. The rebates: each player's lines (per category: valid bet × weight × the rate of the level just
     *    settled), summed into one row per player that carries its lines, where the player has none yet.
     *
     * A second run of the day finds every player settled and every rebate written, and adds nothing.
     */
    async settleDay(day: string, now: Date): Promise<DaySettlement> {
      const at = now.toISOString();
      /**
       * The standing statement around `up`, the CTE that writes vip_players and returns each written
       * player's id and level. Its fast form inserts the players who have no row and updates those who have
       * one, in two plain statements over disjoint rows; an upsert (ON CONFLICT DO UPDATE) does the same
       * work in one but pays for a speculative insertion a row, which made it the run's slowest part.
       */
      const standingWith = (handle: DbOrTx, up: SQL) =>
        queryRows<{ raised: [number | string, number][] | string }>(
          handle,
          sql`with levels as (
              -- The level a number of points reaches (the highest whose threshold they reach, 0 when none)
              -- as one binary search: the thresholds ascending and, beside each, the highest level up to it.
              select array_agg(threshold_micro order by threshold_micro, level) as thresholds,
                     array_agg(top order by threshold_micro, level) as tops
              from (select threshold_micro, level, max(level) over (order by threshold_micro, level) as top
                    from vip_levels) l
            ), players as (
              select v.player_id, sum(${WEIGHTED})::bigint as points_micro
              from koi_valid_bets_days(${day}::date, ${day}::date) v
              left join vip_category_weights w on w.game_type_id = v.game_type_id
              group by v.player_id
              having sum(v.stake_micro) > 0
            ), ${up}, crossed as (
              select up.player_id, coalesce(before.level, 0) as old_level, up.level as new_level
              from up left join vip_players before on before.player_id = up.player_id
              where up.level > coalesce(before.level, 0)
            ), rewards as (
              insert into vip_rewards (player_id, type, period, level, amount_micro, status, created_at)
              select c.player_id, ${RewardType.LEVEL_UP}, 'L' || l.level, l.level, l.level_up_reward_micro,
                     ${ClaimStatus.CLAIMABLE}, ${at}::timestamptz
              from crossed c join vip_levels l on l.level > c.old_level and l.level <= c.new_level
              where l.level_up_reward_micro > 0
              on conflict do nothing
              returning 1)
            select coalesce(json_agg(json_build_array(player_id, new_level)), '[]') as raised from crossed`,
        );
      /** The level some points reach, from the `levels` CTE: the service's levelOf, in SQL. */
      const levelReached = (points: SQL) => sql`coalesce(lv.tops[width_bucket(${points}, lv.thresholds)], 0)`;
      const unsettled = sql`(p.settled_through is null or p.settled_through < ${day}::date)`;
      const insertAndUpdate = sql`ins as (
              insert into vip_players (player_id, level, points_micro, settled_through, updated_at)
              select f.player_id, ${levelReached(sql`f.points_micro`)}, f.points_micro, ${day}::date, ${at}::timestamptz
              from players f cross join levels lv
              where not exists (select 1 from vip_players x where x.player_id = f.player_id)
              returning player_id, level
            ), upd as (
              update vip_players p set
                points_micro = p.points_micro + f.points_micro,
                level = greatest(p.level, ${levelReached(sql`p.points_micro + f.points_micro`)}),
                settled_through = ${day}::date,
                updated_at = ${at}::timestamptz
              from players f cross join levels lv
              where p.player_id = f.player_id and ${unsettled}
              returning p.player_id, p.level
            ), up as (select player_id, level from ins union all select player_id, level from upd)`;
      const upsert = sql`up as (
              insert into vip_players as p (player_id, level, points_micro, settled_through, updated_at)
              select f.player_id, ${levelReached(sql`f.points_micro`)}, f.points_micro, ${day}::date, ${at}::timestamptz
              from players f cross join levels lv
              on conflict (player_id) do update set
                points_micro = p.points_micro + excluded.points_micro,
                level = greatest(p.level, (select ${levelReached(sql`p.points_micro + excluded.points_micro`)}
                                           from levels lv)),
                settled_through = excluded.settled_through,
                updated_at = excluded.updated_at
              where ${unsettled}
              returning p.player_id, p.level
            )`;
      // The fast form runs in a savepoint: a player's own look (raiseLevel) may insert their row after this
      // statement's snapshot, and then the plain insert meets it in the primary key. That is rare (a
      // player with no row looking at the VIP page in the moment of the run), so it is retried as the upsert,
      // which is correct whatever was inserted meanwhile.
      const [standing] = await db
        .transaction((savepoint) => standingWith(savepoint, insertAndUpdate))
        .catch((error: unknown) => {
          if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
          return standingWith(db, upsert);
        });
      const [added] = await queryRows<{ n: number; total: string }>(
        db,
        sql`with lines as (
              select v.player_id, v.game_type_id, coalesce(p.level, 0) as level,
                     sum(v.bet_count)::int as bet_count, sum(v.stake_micro)::bigint as stake_micro,
                     coalesce(max(w.weight_bp), 10000) as weight_bp, coalesce(max(r.rate_ppm), 0) as rate_ppm,
                     floor(sum(v.stake_micro)::numeric * coalesce(max(w.weight_bp), 10000)
                           * coalesce(max(r.rate_ppm), 0) / 10000000000)::bigint as amount_micro
              from koi_valid_bets_days(${day}::date, ${day}::date) v
              left join vip_players p on p.player_id = v.player_id
              left join vip_category_weights w on w.game_type_id = v.game_type_id
              left join vip_rebate_rates r on r.level = coalesce(p.level, 0) and r.game_type_id = v.game_type_id
              group by v.player_id, v.game_type_id, p.level
              having sum(v.stake_micro) > 0
            ), ins as (
              -- The lines' arrays are aggregated side by side over the same rows, so their elements line up.
              insert into vip_rebates (player_id, day, level, valid_bet_micro, amount_micro, status, created_at,
                                       line_game_type_ids, line_bet_counts, line_stakes_micro, line_weights_bp,
                                       line_rates_ppm, line_amounts_micro)
              select player_id, ${day}::date, max(level), sum(stake_micro)::bigint, sum(amount_micro)::bigint,
                     ${ClaimStatus.CLAIMABLE}, ${at}::timestamptz, array_agg(game_type_id), array_agg(bet_count),
                     array_agg(stake_micro), array_agg(weight_bp), array_agg(rate_ppm), array_agg(amount_micro)
              from lines l
              -- A plain insert of the players without a rebate of the day: the day's lock keeps every other
              -- writer of the day's rebates out, and an ON CONFLICT clause would cost a speculative insertion
              -- a row.
              where not exists (select 1 from vip_rebates r where r.player_id = l.player_id and r.day = ${day}::date)
              group by player_id
              having sum(amount_micro) > 0
              returning amount_micro)
            select count(*)::int as n, coalesce(sum(amount_micro), 0)::text as total from ins`,
      );
      const raised: [number | string, number][] =
        typeof standing!.raised === 'string' ? JSON.parse(standing!.raised) : standing!.raised;
      const [day_] = await queryRows<{ players: number; valid_bet: string; amount: string }>(
        db,
        sql`select count(*)::int as players, coalesce(sum(valid_bet_micro), 0)::text as valid_bet,
                   coalesce(sum(amount_micro), 0)::text as amount
            from vip_rebates where day = ${day}::date`,
      );
      const result: DaySettlement = {
        added: Number(added?.n ?? 0),
        addedMicro: BigInt(added?.total ?? '0'),
        players: Number(day_?.players ?? 0),
        validBetMicro: BigInt(day_?.valid_bet ?? '0'),
        amountMicro: BigInt(day_?.amount ?? '0'),
        raised: raised.map(([playerId, level]) => ({
          playerId: Number(playerId),
          level: Number(level),
        })),
      };
      await db
        .insert(vipRebateRuns)
        .values({
          day,
          players: result.players,
          validBetMicro: result.validBetMicro,
          amountMicro: result.amountMicro,
          firstRunAt: now,
          lastRunAt: now,
          runs: 1,
          lastAdded: result.added,
        })
        .onConflictDoUpdate({
          target: vipRebateRuns.day,
          set: {
            players: result.players,
            validBetMicro: result.validBetMicro,
            amountMicro: result.amountMicro,
            lastRunAt: now,
            runs: sql`${vipRebateRuns.runs} + 1`,
            lastAdded: result.added,
          },
        });
      return result;
    },

    /** Takes the day's advisory lock (class + day number) for the caller's transaction. */
    async lockDay(lockClass: number, day: string) {
      await queryRows(
        db,
        sql`select pg_advisory_xact_lock(${lockClass}, (${day}::date - date '2000-01-01')::int)`,
      );
    },

    async lastRunDay(): Promise<string | null> {
      const [row] = await queryRows<{ day: string | null }>(
        db,
        sql`select max(day)::text as day from vip_rebate_runs`,
      );
      return row?.day ?? null;
    },

    /** The first day of the valid-bet feed up to `to` (the catch-up's start when no day was settled yet). */
    async firstFeedDay(to: string): Promise<string | null> {
      const [row] = await queryRows<{ day: string | null }>(
        db,
        sql`select min(v.day)::text as day from koi_valid_bets_days(date '2000-01-01', ${to}::date) v`,
      );
      return row?.day ?? null;
    },

    async run(day: string) {
      const [row] = await db.select().from(vipRebateRuns).where(eq(vipRebateRuns.day, day));
      return row ?? null;
    },

    runs: (page: number, size: number) =>
      selectPage(db, vipRebateRuns, { orderBy: [desc(vipRebateRuns.day)], ...pageWindow({ page, size }) }),

    rebatesOf: (playerId: number, status: number | null, page: number, size: number) =>
      selectPage(db, vipRebates, {
        where: and(eq(vipRebates.playerId, playerId), status ? eq(vipRebates.status, status) : undefined),
        orderBy: [desc(vipRebates.day)],
        ...pageWindow({ page, size }),
      }),

    async rebateTotals(playerId: number) {
      const [row] = await queryRows<{ claimable: string; claimed: string }>(
        db,
        sql`select coalesce(sum(amount_micro) filter (where status = ${ClaimStatus.CLAIMABLE}), 0)::text as claimable,
                   coalesce(sum(amount_micro) filter (where status = ${ClaimStatus.CLAIMED}), 0)::text as claimed
            from vip_rebates where player_id = ${playerId}`,
      );
      return { claimableMicro: BigInt(row?.claimable ?? '0'), claimedMicro: BigInt(row?.claimed ?? '0') };
    },

    takeRebate: (playerId: number, day: string, now: Date) =>
      updateRow(db, vipRebates, claimable(vipRebates, eq(vipRebates.day, day), playerId), claimedAt(now)),

    /**
     * Flips every listed rebate that is still claimable to claimed, in one statement, and returns the flipped
     * rows, each with the rebate turnover multiple in force (vip_settings, read by the same statement); a pair
     * listed twice is flipped once, one already claimed or missing is not returned. The list is
     * sorted by key so overlapping statements tend to lock in one order; PostgreSQL does not promise a plan's
     * locking order, so a deadlock stays possible and the caller replays such a batch claim by claim.
     */
    takeRebates(claims: readonly { playerId: number; day: string }[], now: Date) {
      const sorted = [...claims].sort(
        (a, b) => a.playerId - b.playerId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0),
      );
      const pairs = sql`select * from unnest(${pgArray(sorted.map((c) => c.playerId))}::bigint[],
        ${pgArray(sorted.map((c) => c.day))}::date[])`;
      return db
        .update(vipRebates)
        .set(claimedAt(now))
        .where(
          and(
            sql`(${vipRebates.playerId}, ${vipRebates.day}) in (${pairs})`,
            eq(vipRebates.status, ClaimStatus.CLAIMABLE),
          ),
        )
        .returning({
          ...getTableColumns(vipRebates),
          rebateTurnoverCentis: sql<number>`coalesce(
            (select ${vipSettings.rebateTurnoverCentis} from ${vipSettings} where ${vipSettings.id} = 1),
            ${DEFAULT_TURNOVER_CENTIS})`.mapWith(Number),
        });
    },

    rebate: (playerId: number, day: string) =>
      findRow(db, vipRebates, and(eq(vipRebates.playerId, playerId), eq(vipRebates.day, day))),

    claimableRebateDays: (playerId: number) => claimableKeys(db, vipRebates, vipRebates.day, playerId),

    /** Claimable rebates of a day, a page at a time (auto-credit). */
    claimableOfDay: (day: string, limit: number) =>
      db
        .select({ playerId: vipRebates.playerId })
        .from(vipRebates)
        .where(and(eq(vipRebates.day, day), eq(vipRebates.status, ClaimStatus.CLAIMABLE)))
        .limit(limit),

    // ----- The masters tournament.

    periods: () => db.select().from(tournamentPeriods).orderBy(desc(tournamentPeriods.startDay)).limit(100),

    async period(id: number) {
      const [row] = await db.select().from(tournamentPeriods).where(eq(tournamentPeriods.id, id));
      return row ?? null;
    },

    /** The period running on `day`, else the next one to start, else the last one that ended. */
    async currentPeriod(day: string) {
      const [row] = await queryRows<{ id: number | string }>(
        db,
        sql`select id from tournament_periods
            order by (${day}::date between start_day and end_day) desc,
                     (start_day > ${day}::date) desc,
                     case when start_day > ${day}::date then start_day end asc,
                     end_day desc
            limit 1`,
      );
      return row ? Number(row.id) : null;
    },

    async overlapping(startDay: string, endDay: string, exceptId: number | null) {
      const rows = await queryRows(
        db,
        sql`select 1 from tournament_periods
            where start_day <= ${endDay}::date and end_day >= ${startDay}::date
              and id <> ${exceptId ?? 0} limit 1`,
      );
      return rows.length > 0;
    },

    insertPeriod: (row: Omit<typeof tournamentPeriods.$inferInsert, 'id'>) =>
      insertRow(db, tournamentPeriods, row),

    updatePeriod: (id: number, patch: Partial<Omit<PeriodRow, 'id'>>) =>
      updateRow(db, tournamentPeriods, eq(tournamentPeriods.id, id), patch),

    prizes: (periodId: number) =>
      selectRows(db, tournamentPrizes, {
        where: eq(tournamentPrizes.periodId, periodId),
        orderBy: [asc(tournamentPrizes.rank)],
      }),

    async replacePrizes(periodId: number, prizes: { rank: number; amountMicro: bigint }[]) {
      await db.delete(tournamentPrizes).where(eq(tournamentPrizes.periodId, periodId));
      if (prizes.length) await db.insert(tournamentPrizes).values(prizes.map((p) => ({ periodId, ...p })));
    },

    /** Every player with a weighted valid bet in the days, best first (ties: the lower player id first). */
    standings: async (from: string, to: string, limit: number | null): Promise<Standing[]> =>
      (
        await queryRows<{ player_id: string | number; score: string }>(
          db,
          sql`select v.player_id, sum(${WEIGHTED})::text as score
              from koi_valid_bets_days(${from}::date, ${to}::date) v
              left join vip_category_weights w on w.game_type_id = v.game_type_id
              group by v.player_id
              having sum(${WEIGHTED}) > 0
              order by sum(${WEIGHTED}) desc, v.player_id asc
              ${limit === null ? sql`` : sql`limit ${limit}`}`,
        )
      ).map((r) => ({ playerId: Number(r.player_id), scoreMicro: BigInt(r.score) })),

    /** Fixes the winners once: a second call for the period inserts nothing. */
    insertPayouts: (rows: (typeof tournamentPayouts.$inferInsert)[]) =>
      insertNewRows(db, tournamentPayouts, rows),

    payouts: (periodId: number) =>
      selectRows(db, tournamentPayouts, {
        where: eq(tournamentPayouts.periodId, periodId),
        orderBy: [asc(tournamentPayouts.rank)],
      }),

    async takePayout(periodId: number, rank: number, now: Date) {
      const [row] = await db
        .update(tournamentPayouts)
        .set({ status: ClaimStatus.CLAIMED, paidAt: now })
        .where(
          and(
            eq(tournamentPayouts.periodId, periodId),
            eq(tournamentPayouts.rank, rank),
            eq(tournamentPayouts.status, ClaimStatus.CLAIMABLE),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Open periods whose last day is before `day`: their prizes are due. */
    duePeriods: (day: string) =>
      selectRows(db, tournamentPeriods, {
        where: and(
          eq(tournamentPeriods.status, PeriodStatus.OPEN),
          sql`${tournamentPeriods.endDay} < ${day}::date`,
        ),
        orderBy: [asc(tournamentPeriods.endDay)],
      }),
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
