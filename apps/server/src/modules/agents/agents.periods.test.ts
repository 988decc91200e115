import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SystemAccount, toMicro, TransferCode } from '@koi/ledger';
import { body, signUp, uniqueUsername, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { DAY_MS, reportDay, startOfReportDay } from '../../lib/time-range';
import { createPlayerDirectory } from '../auth';
import type { ChannelOrderRequest, PaymentChannelAdapter } from '../channels/channel.adapter';
import { channelsForTests } from '../channels/channels.fixtures';
import { signedInOperator } from '../operators/operators.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { agentsCommands } from './agents.cli';
import { agentsForTests, slotsRound } from './agents.fixtures';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';

/*
 * The broker views over periods: members' first deposits (首充) by day and range, and statements of a settled
 * day after the tree changed (a console move, new invitees).
 */

const t = useTestApp();
const HOUR = 3_600_000;
const mask = (n: string) => `${n.slice(0, 2)}***${n.slice(-2)}`;

async function register(code = '') {
  const username = uniqueUsername('agp');
  const { auth } = await signUp(t.app, username, 'secret123', 'd', code);
  const id = (await createPlayerDirectory(t.database.db).playerIdByUsername(username))!;
  const invite = await post<{ invite_code: string }>(auth, '/api/plat/invite');
  return { username, auth, id, code: invite.invite_code };
}
type Member = Awaited<ReturnType<typeof register>>;

async function post<T>(auth: Record<string, string>, url: string, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
  const b = body<T>(res);
  if (b.code !== 200) throw new Error(`${url}: ${res.body}`);
  return b.result;
}

/** A wallet whose ledger entries carry the instant `at`: deposits placed exactly at a day's edge. */
const walletAt = (at: Date) => createWalletService({ db: t.database.db, clock: { now: () => at } });

/** A TRC20 deposit as the watcher credits it (deposits.watcher.ts): DEPOSIT_CLEARING → player, code DEPOSIT. */
async function chainDeposit(playerId: number, usdt: string, at: Date) {
  await walletAt(at).transfer({
    key: `deposit:tron:${randomUUID()}:0`,
    debit: { system: SystemAccount.DEPOSIT_CLEARING },
    credit: { player: playerId },
    amountMicro: toMicro(usdt),
    code: TransferCode.DEPOSIT,
    reference: { type: 'deposit_order', id: randomUUID() },
  });
}

/**
 * A payment channel that says every order is paid when asked: the channels service's own path (order, status
 * query, credit) runs, with nothing over the network.
 */
function paidChannel(): PaymentChannelAdapter {
  const orders = new Map<string, ChannelOrderRequest>();
  return {
    async createOrder(req) {
      const channelOrderId = `paid-${req.orderNo}`;
      orders.set(channelOrderId, req);
      return { channelOrderId, payUrl: `http://pay.example/${channelOrderId}` };
    },
    verifyNotification: () => ({ ok: false, reason: 'signature' }),
    async queryStatus(channelOrderId) {
      const req = orders.get(channelOrderId)!;
      return {
        channelOrderId,
        orderNo: req.orderNo,
        amount: req.payAmount,
        currency: req.currency,
        status: 'paid',
      };
    },
    acknowledgement: 'success',
  };
}

/** A deposit through a payment channel, credited at `at` by the channels service. */
async function channelDeposit(playerId: number, usdt: string, at: Date) {
  const channels = channelsForTests(t, {
    config: testConfig(),
    wallet: walletAt(at),
    adapters: new Map([['paid', paidChannel()]]),
  });
  await channels.ensureChannels([
    { adapter: 'paid', code: 'paid-usdt', name: 'Paid', minMicro: toMicro('1'), maxMicro: toMicro('10000') },
  ]);
  const channel = (await channels.list()).find((c) => c.code === 'paid-usdt')!;
  const order = await channels.rechargeOrder(playerId, channel.id, usdt, null);
  const done = await channels.order(playerId, order.orderNo);
  expect(done.creditMicro).toBe(toMicro(usdt));
}

const depositTransfers = async (playerId: number) =>
  queryRows<{ reference_type: string }>(
    t.database.db,
    sql`select t.reference_type from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
        where a.player_id = ${playerId} and t.code = ${TransferCode.DEPOSIT} order by t.id`,
  );

describe('first deposits in the broker views', () => {
  let a: Member;
  let none: Member;
  let twice: Member;
  let viaChannel: Member;
  let atMidnight: Member;
  let today: string;
  let yesterday: string;
  let midnight: number;

  it('counts a member’s first deposit on its UTC+8 day, whatever the path, and never a second one', async () => {
    // Two hours into a UTC+8 day at least, so "an hour into today" is not in the clock's future.
    if (t.clock.now().getTime() - startOfReportDay(t.clock.now().getTime()) < 2 * HOUR) {
      t.clock.advance(2 * HOUR);
    }
    midnight = startOfReportDay(t.clock.now().getTime());
    today = reportDay(new Date(midnight));
    yesterday = reportDay(new Date(midnight - 1));
    a = await register();
    none = await register(a.code);
    twice = await register(a.code);
    viaChannel = await register(twice.code);
    atMidnight = await register(a.code);
    // The first of two deposits is the last millisecond of yesterday; the second (larger) is today.
    await chainDeposit(twice.id, '100', new Date(midnight - 1));
    await chainDeposit(twice.id, '300', new Date(midnight + HOUR));
    await channelDeposit(viaChannel.id, '50', new Date(midnight + HOUR));
    await chainDeposit(atMidnight.id, '20', new Date(midnight));
    expect((await depositTransfers(viaChannel.id)).map((r) => r.reference_type)).toEqual(['channel_order']);

    const info = await post<Record<string, unknown>>(a.auth, '/api/plat/broker/info');
    expect(info).toMatchObject({
      today_first_deposit_count: 2,
      today_first_deposit_amount: '70.000000',
      yesterday_first_deposit_count: 1,
      yesterday_first_deposit_amount: '100.000000',
    });
    // The direct downline's own view: only the channel deposit below it, today.
    expect(await post(twice.auth, '/api/plat/broker/info')).toMatchObject({
      today_first_deposit_count: 1,
      today_first_deposit_amount: '50.000000',
      yesterday_first_deposit_count: 0,
      yesterday_first_deposit_amount: '0.000000',
    });
  });

  it('lists each member’s first deposit and the range’s first deposits in the player log', async () => {
    type Log = {
      data: { player_name: string; first_deposit: string | null; first_deposit_at: string | null }[];
      total: number;
      first_deposit_count: number;
      first_deposit_amount: string;
    };
    const week = await post<Log>(a.auth, '/api/plat/broker/player/log', { range: 3 });
    expect(week.total).toBe(4);
    const byName = new Map(week.data.map((r) => [r.player_name, r]));
    expect(byName.get(mask(none.username))).toMatchObject({ first_deposit: null, first_deposit_at: null });
    expect(byName.get(mask(twice.username))).toMatchObject({
      first_deposit: '100.000000',
      first_deposit_at: new Date(midnight - 1).toISOString(),
    });
    expect(byName.get(mask(viaChannel.username))).toMatchObject({ first_deposit: '50.000000' });
    expect(byName.get(mask(atMidnight.username))).toMatchObject({
      first_deposit: '20.000000',
      first_deposit_at: new Date(midnight).toISOString(),
    });
    expect(week).toMatchObject({ first_deposit_count: 3, first_deposit_amount: '170.000000' });
    // Range 1 is yesterday, 2 today: the deposit one millisecond before midnight and the one at it split.
    expect(await post<Log>(a.auth, '/api/plat/broker/player/log', { range: 1 })).toMatchObject({
      first_deposit_count: 1,
      first_deposit_amount: '100.000000',
    });
    expect(await post<Log>(a.auth, '/api/plat/broker/player/log', { range: 2 })).toMatchObject({
      first_deposit_count: 2,
      first_deposit_amount: '70.000000',
    });
    // A page shows its own members' first deposits; the totals stay the team's.
    const page = await post<Log>(a.auth, '/api/plat/broker/player/log', { range: 3, page: 2, size: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.first_deposit_count).toBe(3);
  });

  it('shows a branch’s first deposits by day in the performance its upline sees', async () => {
    const perf = await post<{
      data: { day: string; team_first_deposit_count: number; team_first_deposit_amount: string }[];
    }>(twice.auth, '/api/plat/broker/superior/performance', { range: 3 });
    const days = new Map(perf.data.map((r) => [r.day, r]));
    expect(days.get(today)).toMatchObject({
      team_first_deposit_count: 1,
      team_first_deposit_amount: '50.000000',
    });
    expect(days.get(yesterday)).toMatchObject({ team_first_deposit_count: 0 });
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });
});

describe('statements of a settled day after the tree changed', () => {
  const agents = () => agentsForTests(t);
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - 8 * HOUR;
  const nextDay = (day: string, n = 1) => reportDay(new Date(dayStart(day) + n * DAY_MS));

  const slots = (playerId: number, usdt: string, day: string) =>
    slotsRound(t, playerId, usdt, new Date(dayStart(day) + 12 * HOUR));
  /** Moves the clock to just past the settlement grace of `day`. */
  function after(day: string) {
    const target = dayStart(day) + DAY_MS + SETTLE_GRACE_MS + 1;
    if (t.clock.now().getTime() < target) t.clock.advance(target - t.clock.now().getTime());
  }
  const paid = async (day: string) =>
    new Map(
      (
        await queryRows<{ key: string; amount: string }>(
          t.database.db,
          sql`select idempotency_key as key, amount_micro::text as amount from ledger_transfers
              where code = ${TransferCode.COMMISSION} and idempotency_key like ${`agent-commission:%:${day}`}`,
        )
      ).map((r) => [Number(r.key.split(':')[1]), r.amount]),
    );
  async function statementCli(agent: string, day: string) {
    const lines: string[] = [];
    const code = await agentsCommands['agents:statement']!.run({
      database: t.database,
      config: testConfig(),
      options: { agent, day },
      out: (line) => lines.push(line),
    });
    return { code, lines };
  }

  let p: Member;
  let q: Member;
  let r: Member;
  let s: Member;
  let day0: string;

  it('reproduces a settled day after a player moved, pays the day already begun with the old tree, and the next with the new', async () => {
    await agents().replaceTiers([
      { level: 1, minTeamMicro: 0n, ratesPpm: [0, 0, 0, 0, 2_000, 0, 0] },
      { level: 2, minTeamMicro: toMicro('1000'), ratesPpm: [0, 0, 0, 0, 5_000, 0, 0] },
    ]);
    // P ─ Q ─ R, and P ─ S.
    p = await register();
    q = await register(p.code);
    r = await register(q.code);
    s = await register(p.code);
    day0 = reportDay(t.clock.now());
    await slots(r.id, '1000', day0);
    await slots(q.id, '2000', day0);
    after(day0);
    expect((await agents().settleDay(day0)).created).toBe(true);
    // Q: 1,000 × 0.5 % = 5. P: Q's branch 3,000 × 0.5 % − Q's team 1,000 × 0.5 % = 10. S has no team.
    const paid0 = await paid(day0);
    expect([paid0.get(p.id), paid0.get(q.id), paid0.get(s.id)]).toEqual(['10000000', '5000000', undefined]);

    // Day 1 has begun: the console moves R from Q to S, in force from day 2.
    const day1 = reportDay(t.clock.now());
    const admin = (await signedInOperator(t, 'admin')).auth;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agents/move',
      headers: admin,
      payload: { player: r.username, to: s.username, reason: 'agents agreed' },
    });
    expect(body(moved).result).toEqual({ effective_day: nextDay(day1), moved_members: 1 });

    // The settled day reproduces from the bet records and its stored lines: the same numbers as were paid.
    for (const [agent, amount] of [
      [q, '5.000000'],
      [p, '10.000000'],
    ] as const) {
      const cli = await statementCli(agent.username, day0);
      expect(cli.lines.at(-1), agent.username).toBe('agents:statement: MATCH');
      expect(cli.code).toBe(0);
      expect(cli.lines).toContain(`paid       commission ${amount}`);
      expect(cli.lines).toContain(`recomputed commission ${amount}`);
    }
    const stored = await post<{ commission: string; lines_detail: { downline: string }[] }>(
      q.auth,
      '/api/plat/broker/statement',
      { day: day0 },
    );
    expect(stored.commission).toBe('5.000000');
    expect(stored.lines_detail.map((l) => l.downline)).toEqual([mask(r.username)]);

    // Day 1 was begun under the old tree and is settled with it; day 2 with the new one.
    const day2 = nextDay(day1);
    await slots(r.id, '1000', day1);
    await slots(q.id, '2000', day1);
    await slots(r.id, '1000', day2);
    await slots(q.id, '2000', day2);
    after(day2);
    await agents().settleDay(day1);
    await agents().settleDay(day2);
    const paid1 = await paid(day1);
    expect([paid1.get(p.id), paid1.get(q.id), paid1.get(s.id)]).toEqual(['10000000', '5000000', undefined]);
    // Day 2: S: 1,000 × 0.5 % = 5; Q has no team; P: Q's branch 2,000 × 0.5 % = 10, S's branch 5 − 5 = 0.
    const paid2 = await paid(day2);
    expect([paid2.get(p.id), paid2.get(q.id), paid2.get(s.id)]).toEqual(['10000000', undefined, '5000000']);
    for (const agent of [p, q, s]) {
      for (const day of [day0, day1, day2]) {
        expect((await statementCli(agent.username, day)).code, `${agent.username} ${day}`).toBe(0);
      }
    }
    expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
  });
});
