import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, signUp, uniqueUsername, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { reportDay, startOfReportDay } from '../../lib/time-range';
import { createPlayerDirectory } from '../auth';
import { signedInOperator } from '../operators/operators.fixtures';
import { agentsCommands } from './agents.cli';
import { agentsForTests, slotsRound as settledSlots } from './agents.fixtures';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';

const t = useTestApp();
const HOUR = 3_600_000;

/** Registers a player with an invite code (the web link's `code`) and signs in. */
async function register(code = '') {
  const username = uniqueUsername('agent');
  const { auth } = await signUp(t.app, username, 'secret123', 'd', code);
  const id = (await createPlayerDirectory(t.database.db).playerIdByUsername(username))!;
  const invite = await post<{ invite_code: string; web: string; bot: string | null; web_qr: string }>(
    auth,
    '/api/plat/invite',
  );
  return { username, auth, id, code: invite.invite_code, invite };
}

async function post<T>(auth: Record<string, string>, url: string, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
  const b = body<T>(res);
  if (b.code !== 200) throw new Error(`${url}: ${res.body}`);
  return b.result;
}

const service = () => agentsForTests(t);

/** A settled slots round (category 5) of `usdt` for the player at `at`. */
const slotsRound = (playerId: number, usdt: string, at: Date) => settledSlots(t, playerId, usdt, at);

const commissionTransfers = async (day: string) =>
  queryRows<{ key: string; amount: string; n: number }>(
    t.database.db,
    sql`select idempotency_key as key, amount_micro::text as amount, count(*) over ()::int as n
        from ledger_transfers where code = 8 and idempotency_key like ${`agent-commission:%:${day}`}
        order by idempotency_key`,
  );

const TIERS = {
  tiers: [
    { level: 1, min_team_valid: '0', rates: [{ game_type_id: 5, rate: '0.002' }] },
    { level: 2, min_team_valid: '1000', rates: [{ game_type_id: 5, rate: '0.005' }] },
    { level: 3, min_team_valid: '5000', rates: [{ game_type_id: 5, rate: '0.01' }] },
  ],
  reason: 'agent programme launch',
};

describe('invites and the agent programme', () => {
  let a: Awaited<ReturnType<typeof register>>;
  let b: typeof a;
  let c: typeof a;
  let d: typeof a;
  let s: typeof a;
  let day: string;
  let admin: Record<string, string>;
  /** A console call of the signed-in admin. */
  const adminPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: admin, payload });

  it('gives each player a web link with their invite code and a 344 px QR of it, and no Telegram link when Telegram is off', async () => {
    a = await register();
    expect(a.invite.web).toMatch(new RegExp(`/\\?code=${a.code}$`));
    expect(a.invite.bot).toBeNull();
    const png = Buffer.from(a.invite.web_qr.replace(/^data:image\/png;base64,/, ''), 'base64');
    // The PNG header's width and height (IHDR).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([344, 344]);
  });

  it('builds the team tree from the invite codes used at registration', async () => {
    b = await register(a.code);
    c = await register(b.code);
    d = await register(c.code);
    s = await register(a.code);
    const info = await post<{ team_size: number; direct_count: number }>(a.auth, '/api/plat/broker/info');
    expect(info).toMatchObject({ team_size: 4, direct_count: 2 });
    expect(await post(b.auth, '/api/plat/broker/info')).toMatchObject({ team_size: 2, direct_count: 1 });
    expect(await post(d.auth, '/api/plat/broker/info')).toMatchObject({ team_size: 0, direct_count: 0 });
  });

  it('takes a tier table from the console, refusing one whose minimums do not rise, and shows it to players', async () => {
    admin = (await signedInOperator(t, 'admin')).auth;
    const bad = await adminPost('/api/admin/agents/tiers', {
      ...TIERS,
      tiers: [TIERS.tiers[1], { ...TIERS.tiers[0], level: 2 }],
    });
    expect(body(bad).code).toBe(8004);
    const badRate = await adminPost('/api/admin/agents/tiers', {
      ...TIERS,
      tiers: [{ level: 1, min_team_valid: '0', rates: [{ game_type_id: 5, rate: '1.5' }] }],
    });
    expect(badRate.statusCode).toBe(400);
    const ok = await adminPost('/api/admin/agents/tiers', TIERS);
    expect(body(ok).code).toBe(200);
    const template = await post<{
      tiers: { level: number; min_team_valid: string; rates: { game_type_id: number; rate: string }[] }[];
    }>(a.auth, '/api/plat/broker/template');
    expect(template.tiers.map((x) => [x.level, x.min_team_valid, x.rates[4]!.rate])).toEqual([
      [1, '0.000000', '0.002000'],
      [2, '1000.000000', '0.005000'],
      [3, '5000.000000', '0.010000'],
    ]);
  });

  it('settles a 4-level tree to the hand-computed commission, once, through the ledger', async () => {
    // The players joined today: their bets are settled tomorrow, after the day and its grace are over.
    t.clock.advance(24 * HOUR);
    const now = t.clock.now().getTime();
    if (now - startOfReportDay(now) < SETTLE_GRACE_MS) t.clock.advance(SETTLE_GRACE_MS);
    // A console session does not outlive a day unused: sign in again.
    admin = (await signedInOperator(t, 'admin')).auth;
    const yesterdayNoon = new Date(startOfReportDay(t.clock.now().getTime()) - 12 * HOUR);
    day = reportDay(yesterdayNoon);
    await slotsRound(a.id, '10000', yesterdayNoon);
    await slotsRound(b.id, '3000', yesterdayNoon);
    await slotsRound(c.id, '1000', yesterdayNoon);
    await slotsRound(d.id, '1500', yesterdayNoon);
    await slotsRound(d.id, '500', yesterdayNoon);
    await slotsRound(s.id, '500', yesterdayNoon);

    // Today is not over: refused.
    const early = await adminPost('/api/admin/agents/runs', {
      day: reportDay(t.clock.now()),
      reason: 'too soon',
    });
    expect(body(early).code).toBe(8002);

    const run = await adminPost('/api/admin/agents/runs', { day, reason: 'daily' });
    expect(body(run).result).toMatchObject({
      created: true,
      agents: 3,
      paid_agents: 3,
      total: '65.000000',
      team_valid: '6500.000000',
    });
    // C: 2,000 × 0.5 % = 10; B: 3,000 × 0.5 % − 2,000 × 0.5 % = 5; A: 6,500 × 1 % − 3,000 × 0.5 % = 50.
    expect((await commissionTransfers(day)).map((r) => [r.key, r.amount])).toEqual(
      [
        [`agent-commission:${a.id}:${day}`, '50000000'],
        [`agent-commission:${b.id}:${day}`, '5000000'],
        [`agent-commission:${c.id}:${day}`, '10000000'],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    const again = await adminPost('/api/admin/agents/runs', { day, reason: 'again' });
    expect(body(again).result).toMatchObject({ created: false, total: '65.000000' });
    expect(await commissionTransfers(day)).toHaveLength(3);

    const income = await post<{ paid: string; data: { day: string; commission: string }[] }>(
      a.auth,
      '/api/plat/broker/income',
    );
    expect(income.paid).toBe('50.000000');
    expect(income.data).toEqual([expect.objectContaining({ day, commission: '50.000000' })]);
  });

  it('pays a day once when 50 settlements run at the same time', async () => {
    t.clock.advance(24 * HOUR);
    const noon = new Date(startOfReportDay(t.clock.now().getTime()) - 12 * HOUR);
    const earlier = reportDay(noon);
    await slotsRound(d.id, '1000', noon);
    const agents = service();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => agents.settleDay(earlier)));
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    // C: 1,000 at 0.5 % = 5; B: 1,000 × 0.5 % − 1,000 × 0.5 % = 0; A: 1,000 × 0.5 % − 1,000 × 0.5 % = 0.
    expect((await commissionTransfers(earlier)).map((r) => r.amount)).toEqual(['5000000']);
    // The statements of A and B, who earned nothing, name no transfer (NULL, not a text); C's names its key.
    const keys = await queryRows<{ agent_id: string; transfer_key: string | null }>(
      t.database.db,
      sql`select agent_id::text, transfer_key from agent_statements where day = ${earlier}::date`,
    );
    expect(new Map(keys.map((k) => [Number(k.agent_id), k.transfer_key]))).toEqual(
      new Map([
        [a.id, null],
        [b.id, null],
        [c.id, `agent-commission:${c.id}:${earlier}`],
      ]),
    );
  });

  it('shows an agent only their own subtree, whatever the request carries', async () => {
    const out = await post<{
      data: { player_name: string; depth: number; valid_bet: string }[];
      total: number;
    }>(b.auth, '/api/plat/broker/play/out', { range: 3 });
    const mask = (n: string) => `${n.slice(0, 2)}***${n.slice(-2)}`;
    const names = new Set(out.data.map((r) => r.player_name));
    expect(names).toEqual(new Set([mask(c.username), mask(d.username)]));
    const log = await post<{ data: { player_name: string }[]; total: number }>(
      b.auth,
      '/api/plat/broker/player/log',
      { range: 3 },
    );
    expect(log.total).toBe(2);
    expect(log.data.map((r) => r.player_name).sort()).toEqual([mask(c.username), mask(d.username)].sort());
    // No field can name another agent or member: unknown fields are refused.
    for (const url of ['/api/plat/broker/play/out', '/api/plat/broker/player/log', '/api/plat/broker/info']) {
      const res = await t.app.inject({ method: 'POST', url, headers: b.auth, payload: { agent_id: a.id } });
      expect(res.statusCode).toBe(400);
    }
    // The sibling sees only itself: nothing.
    expect((await post<{ total: number }>(s.auth, '/api/plat/broker/play/out', { range: 3 })).total).toBe(0);
    // A statement is the caller's own: B asking for a day only A... B has its own; D has none.
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/plat/broker/statement',
      headers: d.auth,
      payload: { day },
    });
    expect(body(none).code).toBe(8003);
  });

  it('shows a player their branch as their upline saw it', async () => {
    const perf = await post<{
      upline: string;
      data: { day: string; settled: boolean; branch_valid: string; upline_commission: string }[];
    }>(b.auth, '/api/plat/broker/superior/performance', { range: 3 });
    expect(perf.upline).toBe(`${a.username.slice(0, 2)}***${a.username.slice(-2)}`);
    expect(perf.data.find((r) => r.day === day)).toMatchObject({
      settled: true,
      branch_valid: '6000.000000',
      upline_commission: '45.000000',
    });
  });

  it('recomputes a statement from the bet records byte for byte, and says so when the records changed', async () => {
    const statement = await post<{
      rows_sha256: string;
      bets_sha256: string;
      csv: string;
      commission: string;
      check_command: string;
    }>(a.auth, '/api/plat/broker/statement', { day });
    expect(statement.commission).toBe('50.000000');
    expect(statement.check_command).toBe(
      `npm run koi -- agents:statement --agent ${a.username} --day ${day}`,
    );
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(statement.csv).digest('hex')).toBe(statement.rows_sha256);

    const run = async () => {
      const lines: string[] = [];
      const code = await agentsCommands['agents:statement']!.run({
        database: t.database,
        config: testConfig(),
        options: { agent: a.username, day },
        out: (line) => lines.push(line),
      });
      return { code, lines };
    };
    const first = await run();
    expect(first.lines.at(-1)).toBe('agents:statement: MATCH');
    expect(first.code).toBe(0);
    // The CSV it prints is the one that was paid.
    expect(first.lines.slice(0, statement.csv.trim().split('\n').length).join('\n') + '\n').toBe(
      statement.csv,
    );

    // A round of the team that appears on that day after it was paid: the recomputation no longer matches.
    await slotsRound(d.id, '100', new Date(`${day}T04:00:00Z`));
    const second = await run();
    expect(second.lines.at(-1)).toBe('agents:statement: MISMATCH');
    expect(second.code).toBe(1);
  });

  it('refuses malformed broker requests with a 400 naming the field', async () => {
    for (const [url, payload] of [
      ['/api/plat/broker/play/out', { range: 4 }],
      ['/api/plat/broker/player/log', { size: 1000 }],
      ['/api/plat/broker/statement', { day: '2026-13-45x' }],
      ['/api/plat/broker/superior/performance', { range: 'week' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: a.auth, payload });
      expect(res.statusCode, url).toBe(400);
    }
    const noAuth = await t.app.inject({ method: 'POST', url: '/api/plat/broker/info', payload: {} });
    expect(noAuth.statusCode).toBe(401);
  });

  it('moves a player and their team under another upline from tomorrow, never into their own team', async () => {
    admin = (await signedInOperator(t, 'admin')).auth;
    const cycle = await adminPost('/api/admin/agents/move', {
      player: b.username,
      to: d.username,
      reason: 'test',
    });
    expect(body(cycle).code).toBe(8006);
    const moved = await adminPost('/api/admin/agents/move', {
      player: c.username,
      to: s.username,
      reason: 'requested by both agents',
    });
    const tomorrow = reportDay(new Date(t.clock.now().getTime() + 24 * HOUR));
    expect(body(moved).result).toEqual({ effective_day: tomorrow, moved_members: 2 });
    // Today's tree (the views) has C and D under S now.
    expect(await post(s.auth, '/api/plat/broker/info')).toMatchObject({ team_size: 2, direct_count: 1 });
    expect(await post(b.auth, '/api/plat/broker/info')).toMatchObject({ team_size: 0 });
    const chain = await t.app.inject({
      method: 'GET',
      url: `/api/admin/agents/chain?player=${d.username}`,
      headers: admin,
    });
    expect(body<{ chain: { username: string }[] }>(chain).result.chain.map((x) => x.username)).toEqual([
      c.username,
      s.username,
      a.username,
    ]);
    // Settlement reads the day's tree: today and earlier C is still under B; from tomorrow under S.
    const agents = service();
    // B's team on the settled day still holds C and D (3,000 + the late 100 of the test above).
    expect((await agents.recompute(b.id, day)).recomputed?.agent.teamMicro).toBe(toMicro('3100'));
    expect((await agents.recompute(s.id, day)).recomputed).toBeNull();
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from operator_audit where action = 'agents.move'`,
    );
    expect(audit[0]!.n).toBe(1);
  });
});
