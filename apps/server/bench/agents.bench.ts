/**
 * bench:agents — the agent commission settlement of one day (agents service, settleDay) over a tree of many
 * agents and players and a day of settled rounds, on the PostgreSQL server, beside a bare SQL statement over the
 * same rows: the day's tree walked up from every member (a recursive query), the feed's stakes and the settled
 * rounds summed per agent and category, written to a table. That is what the database alone needs to know every
 * agent's team; the ratio says how much the settlement adds on top: the tiers and the differential line by
 * line, the statements' CSV and hashes over every round id, a ledger payment per paid agent, the statement
 * rows, in one transaction under the settlement's lock.
 *
 * The rows are written straight into the tables (this is a composition root, and recording rounds is not what
 * is measured): PLAYERS players, the first ROOTS without an upline and every other one under an earlier player
 * so that each agent has FANOUT direct downlines (a tree about log_FANOUT(PLAYERS) deep, one player in FANOUT
 * an agent); ROUNDS settled valid rounds of the day spread over the players and the seven categories, and the
 * valid-bet feed as their sums. Everything happens in a throwaway database that is dropped at the end.
 *
 * BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_PLAYERS        players in the tree (default 20000)
 * BENCH_FANOUT         direct downlines of every agent (default 8)
 * BENCH_ROUNDS         settled rounds of the day (default 200000)
 *
 * Last line: `bench:agents ratio=<bare/koi> settle_s bare_s agents paid players rounds rounds_per_s
 * peak_rss_mb`.
 */
import type pg from 'pg';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { DAY_MS, reportDay } from '../src/lib/time-range';
import { createAgentsService } from '../src/modules/agents/agents.service';
import { createPlayerDirectory } from '../src/modules/auth';
import { betsForTests } from '../src/modules/bets/bets.fixtures';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { peakMemory, timed, withThrowawayDatabase } from './measure';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200_000);
const ROOTS = 10;
const USDT = 1_000_000n;

/** Five levels from 1 000 USDT of team valid bets a day, the rate rising with the level, lower on live games. */
const TIERS = [1, 2, 3, 4, 5].map((level) => ({
  level,
  minTeamMicro: 10n ** BigInt(level + 2) * USDT,
  ratesPpm: [1, 2, 3, 4, 5, 6, 7].map((c) => level * (c === 3 ? 500 : 1_000)),
}));

async function main({ database, raw }: { database: Database; raw: pg.Client }) {
  const memory = peakMemory();
  try {
    // A finished UTC+8 day well past its grace: the day before yesterday.
    const day = reportDay(new Date(Date.now() - 2 * DAY_MS));
    await raw.query(
      `insert into players (username, password_hash, invite_code, age_confirmed_at)
       select 'bench_' || g, 'x', 'B' || g, now() from generate_series(1, $1::int) g`,
      [PLAYERS],
    );
    // The n-th player (0-based, by id) from ROOTS on sits under player (n - ROOTS) / FANOUT, for the whole week.
    await raw.query(
      `with p as (select id, row_number() over (order by id) - 1 as n from players)
       insert into agent_members (player_id, from_day, until_day, upline_id, joined_at)
       select c.id, $1::date - 7, null, u.id, now()
       from p c left join p u on c.n >= $2::int and u.n = (c.n - $2::int) / $3::int`,
      [day, ROOTS, FANOUT],
    );
    // Rounds settled through the UTC+8 day (16:00 UTC the day before to 16:00 UTC), stakes 1–500 USDT.
    await raw.query(
      `with p as (select id, row_number() over (order by id) - 1 as n from players),
       g as (select g, (g * 7919) % $2::int as n, ($1::date::timestamp - interval '8 hours')
                 + (g % 86400)::int * interval '1 second' as at
             from generate_series(1, $3::bigint) g)
       insert into bet_rounds (provider_id, round_id, player_id, game_code, game_type_id, stake_micro,
                               payout_micro, status, opened_at, closed_at, settled_at, valid)
       select 1 + g % 2, 'bench-' || g, p.id, 'bench', 1 + g % 7, (1 + (g * 104729) % 500) * 1000000::bigint,
              ((g * 31) % 400) * 1000000::bigint, 2, g.at at time zone 'UTC', g.at at time zone 'UTC',
              g.at at time zone 'UTC', true
       from g join p on p.n = g.n`,
      [day, PLAYERS, ROUNDS],
    );
    await raw.query(
      `insert into valid_bets_daily (player_id, day, game_type_id, provider_id, bet_count, stake_micro, payout_micro)
       select player_id, $1::date, game_type_id, provider_id, count(*), sum(stake_micro), sum(payout_micro)
       from bet_rounds group by player_id, game_type_id, provider_id`,
      [day],
    );
    await raw.query('analyze');
    const { rows: counted } = await raw.query<{ feed: string; agents: string }>(
      `select (select count(*) from valid_bets_daily)::text as feed,
              (select count(distinct upline_id) from agent_members)::text as agents`,
    );
    const feedRows = Number(counted[0]!.feed);

    const clock = systemClock;
    const wallet = createWalletService({ db: database.db, clock });
    await wallet.ensureSystemAccounts();
    // Wallets for the agents, whom the settlement pays (players' wallets open at registration).
    const { rows: agentIds } = await raw.query<{ id: string }>(
      'select distinct upline_id::text as id from agent_members where upline_id is not null',
    );
    for (const { id } of agentIds) await wallet.openPlayerAccount(Number(id));
    const service = createAgentsService({
      db: database.db,
      clock,
      wallet,
      bets: betsForTests({ database, clock }),
      directory: createPlayerDirectory(database.db),
      inviterOf: async () => null,
      botStartLink: () => null,
    });
    await service.replaceTiers(TIERS);
    console.log(
      `day ${day}: ${PLAYERS} players, ${counted[0]!.agents} agents (${FANOUT} downlines each), ` +
        `${ROUNDS} settled rounds, ${feedRows} feed rows`,
    );

    await raw.query(
      `create table bare_teams (agent_id bigint, game_type_id smallint, team_micro bigint, rounds bigint,
                                primary key (agent_id, game_type_id))`,
    );
    const bare = await timed(() =>
      raw.query(
        `insert into bare_teams
         with recursive m as (
           select player_id, upline_id from agent_members
           where from_day <= $1::date and (until_day is null or until_day > $1::date)),
         up (member, agent) as (
           select player_id, upline_id from m where upline_id is not null
           union all
           select up.member, m.upline_id from up join m on m.player_id = up.agent where m.upline_id is not null),
         own as (
           select player_id, game_type_id, sum(stake_micro) as stake from valid_bets_daily
           where day = $1::date group by player_id, game_type_id),
         rounds as (
           select player_id, game_type_id, count(*) as n from bet_rounds
           where status = 2 and valid
             and settled_at >= ($1::date::timestamp - interval '8 hours') at time zone 'UTC'
             and settled_at < ($1::date::timestamp + interval '16 hours') at time zone 'UTC'
           group by player_id, game_type_id)
         select up.agent, o.game_type_id, sum(o.stake), coalesce(sum(r.n), 0)
         from up join own o on o.player_id = up.member
         left join rounds r on r.player_id = o.player_id and r.game_type_id = o.game_type_id
         group by up.agent, o.game_type_id`,
        [day],
      ),
    );
    memory.sample();
    const koi = await timed(() => service.settleDay(day));
    const again = await timed(() => service.settleDay(day));
    if (!koi.result.created || again.result.created) throw new Error('the day was not settled exactly once');
    const { run } = koi.result;
    console.log(
      `settlement: koi ${koi.seconds.toFixed(2)} s (${run.agents} statements, ${run.paidAgents} paid, ` +
        `${run.totalMicro / USDT} USDT), bare ${bare.seconds.toFixed(2)} s (${bare.result.rowCount} team rows), ` +
        `re-run ${again.seconds.toFixed(3)} s paying nothing`,
    );
    const violations = await wallet.verify();
    if (violations.length) throw new Error(`ledger:verify: ${JSON.stringify(violations.slice(0, 3))}`);
    console.log(
      `bench:agents ratio=${(bare.seconds / koi.seconds).toFixed(2)} settle_s=${koi.seconds.toFixed(2)} ` +
        `bare_s=${bare.seconds.toFixed(2)} agents=${run.agents} paid=${run.paidAgents} players=${PLAYERS} ` +
        `rounds=${ROUNDS} rounds_per_s=${Math.round(ROUNDS / koi.seconds)} peak_rss_mb=${memory.peakMb()}`,
    );
  } finally {
    memory.stop();
  }
}

await withThrowawayDatabase('koi_bench_agents', main);
