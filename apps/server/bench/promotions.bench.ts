/**
 * bench:promotions — the daily rebate run and the VIP month-end over a day of the valid-bet feed the size of
 * 100,000 players and 1,000,000 settled rounds, on the PostgreSQL server, each beside a bare SQL statement over
 * the same rows doing the same arithmetic (what the database alone would need), so the ratio says how much of
 * the time is Koi's own bookkeeping: the points, levels and level-up rewards, the rebate lines and the run's
 * record, in one transaction under the day's lock.
 *
 * The feed rows are written straight into valid_bets_daily (this is a composition root, and the rounds
 * themselves are not what is measured): every player gets ROUNDS / PLAYERS rounds spread over two to three
 * game categories and two providers, so the day has about 2.5 rows a player. The HISTORY days before it get
 * the same rows, as a feed that has been running a while would have them: the run must read the settled day's
 * rows only (through the feed's day index), so its time should not grow with them, while the month-end reads
 * the month's. Everything happens in a throwaway database that is dropped at the end.
 *
 * Then the claims: after one burst that is not counted (it opens the pool's connections, which a running
 * server has open), CLAIM_BURSTS bursts of 50 concurrent claims, each of a different player's rebate of the
 * day (the benefit centre's claim: the gate, the conditional flip, the ledger transfer from promotion expense
 * and the turnover requirement), timed one by one for their p50 and p99; one more burst of 50 claims of one
 * rebate must pay it once; and the ledger must verify clean after all of it.
 *
 * BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_PLAYERS        players (default 100000)
 * BENCH_ROUNDS         settled rounds the day's rows stand for (default 1000000)
 * BENCH_HISTORY_DAYS   days of the same feed before the settled day, in its month (default 3, at most 27)
 *
 * Last line: `bench:promotions ratio=<bare/koi rebate run> rebate_s month_end_s month_ratio rows rows_per_s
 * peak_rss_mb history_days`; the line before it: `claims: … p50 … ms, p99 … ms`.
 */
import { loadavg } from 'node:os';
import type pg from 'pg';
import { openPostgres, type Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { reportDay } from '../src/lib/time-range';
import { createPlayerDirectory, createPlayerGate } from '../src/modules/auth';
import { betsForTests } from '../src/modules/bets/bets.fixtures';
import { turnoverForTests } from '../src/modules/turnover/turnover.fixtures';
import { seedVipTable } from '../src/modules/vip/vip.seed';
import { addDays, createVipService } from '../src/modules/vip/vip.service';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { peakMemory, summarise, timed, withThrowawayDatabase } from './measure';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const HISTORY_DAYS = Math.min(27, Math.max(0, Number(process.env.BENCH_HISTORY_DAYS ?? 3)));
const CLAIM_BURSTS = Number(process.env.BENCH_CLAIM_BURSTS ?? 10);
const BURST = 50;

/** The VIP service on `database`, with the modules it needs. */
function vipOn(database: Database) {
  const clock = systemClock;
  const wallet = createWalletService({ db: database.db, clock });
  const service = createVipService({
    database,
    clock,
    wallet,
    turnover: turnoverForTests(database, clock),
    bets: betsForTests({ database, clock }),
    directory: createPlayerDirectory(database.db),
    gate: createPlayerGate(database.db, clock),
  });
  return { service, wallet };
}

async function main({ database, raw, url }: { database: Database; raw: pg.Client; url: string }) {
  const memory = peakMemory();
  try {
    await seedVipTable(database.db);
    // A finished day in the previous month, so the month-end of that month is due.
    const today = reportDay(new Date());
    const day = addDays(`${today.slice(0, 7)}-01`, -1);
    const month = day.slice(0, 7);
    const perPlayer = Math.max(1, Math.floor(ROUNDS / PLAYERS));
    // The players, ids 1..PLAYERS in the fresh database, so the feed's player ids below are theirs.
    await raw.query(
      `insert into players (username, password_hash, invite_code, age_confirmed_at)
       select 'bench_' || g, 'x', 'B' || g, now() from generate_series(1, $1::int) g`,
      [PLAYERS],
    );
    await raw.query(
      `insert into valid_bets_daily (player_id, day, game_type_id, provider_id, bet_count, stake_micro, payout_micro)
       select p, $1::date - h, c, 1 + (p + c) % 2,
              -- The player's rounds split over their categories, the remainder on slots (5).
              $3::int / n + case when c = 5 then $3::int % n else 0 end,
              (1 + (p * 7919 + c * 104729) % 500) * 1000000::bigint, (p % 400) * 1000000::bigint
       from generate_series(0, $4::int) h, generate_series(1, $2::int) p
       cross join lateral (select unnest(case when p % 2 = 0 then array[1, 3, 5] else array[5, 7] end) as c,
                                  case when p % 2 = 0 then 3 else 2 end as n) cats`,
      [day, PLAYERS, perPlayer, HISTORY_DAYS],
    );
    // A running site's tables have been vacuumed (autovacuum) and analysed; freshly bulk-loaded ones have not,
    // and the first statement to read them would pay for setting every row's hint bits, whichever it is.
    await raw.query('vacuum analyze players');
    await raw.query('vacuum analyze valid_bets_daily');
    const { rows: count } = await raw.query<{ n: string; rounds: string; all: string }>(
      `select count(*) filter (where day = $1::date)::text as n,
              sum(bet_count) filter (where day = $1::date)::text as rounds, count(*)::text as all
       from valid_bets_daily`,
      [day],
    );
    const rows = Number(count[0]!.n);
    console.log(
      `feed: ${PLAYERS} players, ${rows} rows of ${day} standing for ${count[0]!.rounds} rounds ` +
        `(${count[0]!.all} rows with the ${HISTORY_DAYS} days before it)`,
    );

    const { service, wallet } = vipOn(database);

    // The bare statement: the same rows grouped per player and category, weighted, times the rate, written.
    await raw.query(
      'create table bare_rebates (player_id bigint, game_type_id smallint, stake bigint, amount bigint, primary key (player_id, game_type_id))',
    );
    const bare = await timed(() =>
      raw.query(
        `insert into bare_rebates
         select v.player_id, v.game_type_id, sum(v.stake_micro),
                floor(sum(v.stake_micro)::numeric * coalesce(max(w.weight_bp), 10000) * coalesce(max(r.rate_ppm), 0) / 10000000000)::bigint
         from valid_bets_daily v
         left join vip_category_weights w on w.game_type_id = v.game_type_id
         left join vip_rebate_rates r on r.level = 0 and r.game_type_id = v.game_type_id
         where v.day = $1::date
         group by v.player_id, v.game_type_id`,
        [day],
      ),
    );
    const koi = await timed(() => service.settle(day));
    const again = await timed(() => service.settle(day));
    console.log(
      `rebate run: koi ${koi.seconds.toFixed(2)} s (${koi.result.players} rebates, ${koi.result.raised.length} level-ups), ` +
        `bare ${bare.seconds.toFixed(2)} s, re-run ${again.seconds.toFixed(2)} s adding ${again.result.added}`,
    );
    if (again.result.added !== 0) throw new Error('the re-run added rebates');

    await raw.query('create table bare_month (player_id bigint primary key, level smallint, amount bigint)');
    const bareMonth = await timed(() =>
      raw.query(
        `insert into bare_month
         select p.player_id, p.level, l.monthly_reward_micro from vip_players p join vip_levels l on l.level = p.level
         where l.monthly_reward_micro > 0
           and exists (select 1 from valid_bets_daily v where v.player_id = p.player_id
                       and v.day between $1::date and $2::date and v.stake_micro > 0)`,
        [`${month}-01`, day],
      ),
    );
    const monthEnd = await timed(() => service.grantMonthEnd(month));
    const monthAgain = await timed(() => service.grantMonthEnd(month));
    if (monthAgain.result.added !== 0) throw new Error('the month-end re-run added rewards');
    console.log(
      `month-end: koi ${monthEnd.seconds.toFixed(2)} s (${monthEnd.result.added} rewards), bare ${bareMonth.seconds.toFixed(2)} s, ` +
        `re-run ${monthAgain.seconds.toFixed(2)} s adding 0`,
    );
    // One burst more than measured: the first opens the pool's connections, which a running server has open.
    const claimers = [...Array.from({ length: (CLAIM_BURSTS + 1) * BURST }, (_, i) => 1 + i), PLAYERS];
    await wallet.ensureSystemAccounts();
    for (const id of claimers) await wallet.openPlayerAccount(id);
    // The claims through a pool of the app's size (openPostgres' default), as the server would take them.
    const app = openPostgres(url);
    const claiming = vipOn(app).service;
    // The route passes the standing its session check read (PlayerGate), so a claim does not read the
    // player again; these players are neither frozen nor self-excluded.
    const standing = { selfExcludedUntil: null };
    /** A burst of 50 concurrent claims, each of another player's rebate; answers each claim's latency. */
    const burstOf = (burst: number) =>
      Promise.all(
        Array.from({ length: BURST }, async (_, i) => {
          const t0 = performance.now();
          await claiming.claimRebate(1 + burst * BURST + i, day, standing);
          return performance.now() - t0;
        }),
      );
    await burstOf(CLAIM_BURSTS);
    const latencies: number[] = [];
    const claimsStart = performance.now();
    for (let burst = 0; burst < CLAIM_BURSTS; burst++) latencies.push(...(await burstOf(burst)));
    const claims = summarise(latencies, (performance.now() - claimsStart) / 1000);
    const one = PLAYERS;
    const race = await Promise.allSettled(
      Array.from({ length: BURST }, () => claiming.claimRebate(one, day, standing)),
    );
    await app.close();
    if (race.filter((r) => r.status === 'fulfilled').length !== 1) throw new Error('one rebate paid twice');
    const violations = await wallet.verify();
    if (violations.length > 0) throw new Error(`ledger:verify found ${violations.length} violations`);
    console.log(
      `claims: ${claims.count} in bursts of ${BURST}, p50 ${claims.p50.toFixed(1)} ms, p99 ${claims.p99.toFixed(1)} ms; ` +
        `${BURST} claims of one rebate paid it once; ledger verified clean (load ${loadavg()[0]!.toFixed(1)})`,
    );

    const ratio = bare.seconds / koi.seconds;
    const monthRatio = bareMonth.seconds / monthEnd.seconds;
    console.log(
      `bench:promotions ratio=${ratio.toFixed(2)} rebate_s=${koi.seconds.toFixed(2)} month_end_s=${monthEnd.seconds.toFixed(2)} ` +
        `month_ratio=${monthRatio.toFixed(2)} rows=${rows} rows_per_s=${Math.round(rows / koi.seconds)} ` +
        `peak_rss_mb=${memory.peakMb()} history_days=${HISTORY_DAYS}`,
    );
  } finally {
    memory.stop();
  }
}

await withThrowawayDatabase('koi_bench_promo', main);
