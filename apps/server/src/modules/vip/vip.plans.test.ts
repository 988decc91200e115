import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testLeg } from '../../../test/db';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { createPlayerDirectory, createPlayerGate } from '../auth';
import { betsForTests } from '../bets/bets.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { seedVipTable } from './vip.seed';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';
import { addDays, createVipService } from './vip.service';

/*
 * The daily job reads one day (the month-end: one month) of the valid-bet feed, which keeps every day ever
 * played. Each statement it sends that reads the feed must reach the period's rows through an index whose
 * leading column the statement bounds: the day index bounded by the day, or the primary key (player first)
 * bounded by one player and the days. A condition on a column further back in an index does not bound the
 * scan: PostgreSQL 15 then walks the whole index, every day of the history, and the plan still says
 * "Index Cond". So the test reads the statements the job really sends, plans each with the table scan
 * discouraged (on a table this small the planner would rightly prefer it), and checks every index the plan
 * touches on valid_bets_daily against the leading column of that index. No timing is involved.
 */

const DAYS = 40;
const PLAYERS = 300;
const FIRST = '2026-01-01';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

describe.skipIf(testLeg() !== 'postgres')('the VIP daily job on a long valid-bet feed', () => {
  let database: Database;
  let pool: pg.Pool;
  const sent: { query: string; params: unknown[] }[] = [];
  /** The leading column of each index of valid_bets_daily. */
  const leading = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await seedVipTable(database.db);
    // Every player bets in two categories on every one of DAYS days: the history any one day is a 1/DAYS of.
    await pool.query(
      `insert into valid_bets_daily (player_id, day, game_type_id, provider_id, bet_count, stake_micro, payout_micro)
       select p, $1::date + d, c, 1, 3, (1 + p % 50) * 100000000::bigint, 0
       from generate_series(0, $2::int - 1) d, generate_series(1, $3::int) p, unnest(array[1, 5]) c`,
      [FIRST, DAYS, PLAYERS],
    );
    await pool.query('analyze valid_bets_daily');
    const { rows } = await pool.query<{ index: string; column: string }>(
      `select i.indexrelid::regclass::text as index, a.attname as column
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
       where i.indrelid = 'valid_bets_daily'::regclass`,
    );
    for (const r of rows) leading.set(r.index, r.column);
  });
  afterAll(() => database?.close());

  /** The VIP service on a handle that records every statement it sends (the same pool underneath). */
  function recordingService(clock: ReturnType<typeof manualClock>) {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => sent.push({ query, params }) },
    }) as unknown as Db;
    const on: Database = { ...database, db };
    return createVipService({
      database: on,
      clock,
      wallet: createWalletService({ db, clock, batching: false }),
      turnover: turnoverForTests(on, clock),
      bets: betsForTests({ database: on, clock }),
      directory: createPlayerDirectory(db),
      gate: createPlayerGate(db, clock),
    });
  }

  /** The plan of a recorded statement with sequential scans discouraged, in a transaction rolled back. */
  async function plan(query: string, params: unknown[]): Promise<PlanNode> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${query}`,
        params,
      );
      return rows[0]!['QUERY PLAN'][0].Plan;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it('reads only the settled day (and the month) of the feed through an index the day bounds', async () => {
    const last = addDays(FIRST, DAYS - 1);
    // The morning after the feed's last day: every day is due, and the month-end of January is due.
    const clock = manualClock(new Date(Date.parse(`${addDays(last, 1)}T00:00:00+08:00`) + SETTLE_GRACE_MS));
    const service = recordingService(clock);
    // The job's first tick (it finds the feed's first day), a day in the middle, and January's month-end.
    expect(await service.settleDueDay()).toBe(1);
    const settled = await service.settle(addDays(FIRST, 20));
    expect(settled.players).toBe(PLAYERS);
    expect((await service.grantMonthEnd('2026-01')).added).toBeGreaterThan(0);

    const reads = sent.filter((s) => /koi_valid_bets_days|valid_bets_daily/.test(s.query));
    // The first day's points and rebates, the middle day's, the feed's first day and the month-end.
    expect(reads.length).toBe(6);
    for (const { query, params } of reads) {
      const scans = [...nodes(await plan(query, params))].filter(
        (n) => n['Relation Name'] === 'valid_bets_daily' || leading.has(n['Index Name'] ?? ''),
      );
      const where = query.replace(/\s+/g, ' ').slice(0, 120);
      expect(scans.length, where).toBeGreaterThan(0);
      for (const n of scans) {
        expect(n['Node Type'], where).not.toBe('Seq Scan');
        if (n['Node Type'] === 'Bitmap Heap Scan') continue; // its Bitmap Index Scan child is checked
        const cond = n['Index Cond'] ?? '';
        const first = leading.get(n['Index Name'] ?? '');
        expect(first, `${where}: ${n['Node Type']}`).toBeDefined();
        // The index's leading column bounded, and the day among the bounds.
        expect(cond, `${where}: ${n['Index Name']}`).toMatch(new RegExp(`\\(${first} [=<>]`));
        expect(cond, `${where}: ${n['Index Name']}`).toMatch(/\(day [=<>]/);
      }
    }
  });

  it("asks whether a month's month-end was granted through the month-end index, not over every reward", async () => {
    // Early February with January's last day settled: the job asks whether January was granted.
    const clock = manualClock(new Date('2026-02-05T12:00:00+08:00'));
    const service = recordingService(clock);
    await service.settle(addDays(FIRST, 30));
    sent.length = 0;
    await service.grantDueMonthEnd();
    const asks = sent.filter((s) => /from vip_rewards where type/.test(s.query));
    expect(asks.length).toBeGreaterThan(0);
    for (const { query, params } of asks) {
      const scans = [...nodes(await plan(query, params))].filter((n) => n['Relation Name'] === 'vip_rewards');
      expect(scans.map((n) => n['Index Name'])).toEqual(['vip_rewards_month_end_idx']);
      expect(scans[0]!['Index Cond']).toMatch(/\(period =/);
    }
  });
});
