import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMicro } from '@koi/ledger';
import { body, signUp, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { testConfig } from '../../config';
import { signedInOperator, useOperators, type SignedInOperator } from '../operators/operators.fixtures';
import { createWalletService } from './wallet.service';
import { createWalletAdmin, type AdjustmentDuties } from './wallet.admin';
import { AppError } from '../../errors';
import { bet, freshKey } from './wallet.fixtures';
import { SystemAccount, TransferCode } from '@koi/ledger';

// Approval above 100 USDT, so both paths are cheap to reach.
const t = useTestApp({
  demoSignupBonus: '100',
  console: { ...testConfig().console, approvalAboveMicro: toMicro('100') },
});
const ops = useOperators(t, {
  financeA: 'finance',
  financeB: 'finance',
  support: 'support',
  viewer: 'viewer',
});
afterAll(async () => {
  // Every test here moves money: the ledger must verify clean at the end.
  const wallet = createWalletService({ db: t.database.db, clock: t.clock });
  expect(await wallet.verify()).toEqual([]);
});

const post = (url: string, op: SignedInOperator, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: op.auth, payload });
const get = (url: string, op: SignedInOperator) => t.app.inject({ method: 'GET', url, headers: op.auth });
/** An operator (the first finance operator unless another is named) asks to adjust a player's balance. */
const adjust = (playerId: number, payload: Record<string, unknown>, op = ops.financeA) =>
  post(`/api/admin/players/${playerId}/adjust`, op, payload);
/** An operator approves or rejects an adjustment request. */
const decide = (
  id: number,
  verb: 'approve' | 'reject',
  op: SignedInOperator,
  payload: Record<string, unknown> = {},
) => post(`/api/admin/adjustments/${id}/${verb}`, op, payload);

async function newPlayer() {
  const p = await signUp(t.app);
  const id = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from players where username = ${p.username}`,
    )
  )[0]!.id;
  return { ...p, id };
}
/** The wallet's view of a signed-in operator. */
const actorOf = async (op: SignedInOperator) => ({
  operatorId: (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from operators where username = ${op.username}`,
    )
  )[0]!.id,
  username: op.username,
});
const available = async (id: number) =>
  body<{ balance: { available: string } }>(await get(`/api/admin/players/${id}`, ops.viewer)).result.balance
    .available;

type Adj = {
  id: number;
  status: string;
  needs_approval: boolean;
  transfer_id: string | null;
  amount: string;
};

/** Rounds of the 50-way approval race: an interleaving that loses must show up in some round. */
const RACE_ROUNDS = 3;

describe('manual adjustments', () => {
  it('applies an adjustment at or below the threshold at once, as a ledger transfer against the adjustments account', async () => {
    const p = await newPlayer();
    const res = body<Adj>(await adjust(p.id, { amount: '25.5', reason: 'compensation' }));
    expect(res).toMatchObject({
      code: 200,
      result: { status: 'applied', needs_approval: false, amount: '+25.500000' },
    });
    expect(await available(p.id)).toBe('125.500000');
    // The player's adjustments of 24 hours together stay at the threshold (25.5 + 74.5), so this applies too.
    const debit = body<Adj>(await adjust(p.id, { amount: '-74.5', reason: 'correction' }));
    expect(debit.result.status).toBe('applied');
    expect(await available(p.id)).toBe('51.000000');
    const transfers = body<{ data: { code: number; debit_label: string; credit_label: string }[] }>(
      await get(`/api/admin/ledger/transfers?player=${p.id}&code=9`, ops.viewer),
    ).result.data;
    expect(transfers).toHaveLength(2);
    expect(transfers[0]!.debit_label).toBe(`player:${p.id} ${p.username}`);
    expect(transfers[0]!.credit_label).toMatch(/^adjustments#\d+$/);
  });

  it('refuses bad amounts, a missing reason, an unknown player and a debit the balance cannot cover, changing nothing', async () => {
    const p = await newPlayer();
    for (const amount of ['abc', '0', '1.1234567', '-0']) {
      const res = body(await adjust(p.id, { amount, reason: 'r' }));
      expect(res.code, amount).toBe(2001);
    }
    expect((await adjust(p.id, { amount: '1' })).statusCode).toBe(400);
    expect(body(await adjust(99999999, { amount: '1', reason: 'r' })).code).toBe(2007);
    expect(body(await adjust(p.id, { amount: '-90', reason: 'r' })).code).toBe(200);
    expect(body(await adjust(p.id, { amount: '-10.000001', reason: 'r' })).code).toBe(2002);
    // Refused when asked, not queued for a second operator: a debit far beyond the balance included.
    expect(body(await adjust(p.id, { amount: '-99999999', reason: 'r' })).code).toBe(2002);
    expect(body(await get(`/api/admin/adjustments?player_id=${p.id}`, ops.viewer)).result).toMatchObject({
      total: 1,
    });
    expect(await available(p.id)).toBe('10.000000');
    expect((await adjust(p.id, { amount: '1', reason: 'r' }, ops.support)).statusCode).toBe(403);
  });

  it('holds a larger adjustment for a second operator: the requester cannot approve it, another can, once', async () => {
    const p = await newPlayer();
    const asked = body<Adj>(await adjust(p.id, { amount: '500', reason: 'VIP goodwill' }));
    expect(asked.result).toMatchObject({ status: 'pending', needs_approval: true, transfer_id: null });
    expect(await available(p.id)).toBe('100.000000');
    const pending = body<{ data: Adj[] }>(await get('/api/admin/adjustments?status=pending', ops.viewer))
      .result.data;
    expect(pending.map((a) => a.id)).toContain(asked.result.id);

    const self = body(await decide(asked.result.id, 'approve', ops.financeA));
    expect(self).toMatchObject({ code: 6016 });
    const refusal = body<{ data: { reason: string; outcome: string }[] }>(
      await get(`/api/admin/audit?operator=${ops.financeA.username}&action=permission.denied`, ops.viewer),
    ).result.data;
    expect(refusal[0]).toMatchObject({ reason: 'ADJUSTMENT_SELF_APPROVAL', outcome: 'denied' });
    expect(await available(p.id)).toBe('100.000000');
    expect((await decide(asked.result.id, 'approve', ops.viewer)).statusCode).toBe(403);

    const approved = body<Adj & { decided_by: string }>(
      await decide(asked.result.id, 'approve', ops.financeB, { reason: 'ok by lead' }),
    );
    expect(approved.result).toMatchObject({ status: 'applied', decided_by: ops.financeB.username });
    expect(approved.result.transfer_id).not.toBeNull();
    expect(await available(p.id)).toBe('600.000000');
    expect(body(await decide(asked.result.id, 'approve', ops.financeB)).code).toBe(6015);
    expect(body(await decide(asked.result.id, 'reject', ops.financeB, { reason: 'late' })).code).toBe(6015);

    const audit = body<{ data: { action: string; operator: string }[] }>(
      await get(`/api/admin/audit?target=adjustment:${asked.result.id}`, ops.viewer),
    ).result.data;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'ledger.adjust_approve', operator: ops.financeB.username }),
    ]);
  });

  it(`lets many operators race to approve one request: exactly one applies it, money moves once (${RACE_ROUNDS} rounds)`, async () => {
    const approvers = [
      ops.financeB,
      ...(await Promise.all(Array.from({ length: 4 }, () => signedInOperator(t, 'finance')))),
    ];
    // A new player each round: whoever wins a round has adjusted that player, which says nothing of the next.
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const p = await newPlayer();
      const asked = body<Adj>(await adjust(p.id, { amount: '250', reason: 'race' })).result;
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => decide(asked.id, 'approve', approvers[i % approvers.length]!)),
      );
      const codes = results.map((r) => body(r).code);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c !== 200 && c !== 6015)).toEqual([]);
      expect(await available(p.id)).toBe('350.000000');
    }
  });

  it('answers "no longer pending", not a stale refusal, when another operator decides the request during the checks', async () => {
    // The interleaving the race above can hit: operator B reads the request as pending, operator A applies it,
    // then B's duty check sees A's decision. Forced here through the duties port, which A's decision passes.
    const p = await newPlayer();
    const asked = body<Adj>(await adjust(p.id, { amount: '300', reason: 'interleave' })).result;
    const admin = createWalletAdmin({
      db: t.database.db,
      clock: t.clock,
      wallet: createWalletService({ db: t.database.db, clock: t.clock }),
      approvalAboveMicro: toMicro('100'),
      dailyAdjustmentsMicro: t.app.koi.config.console.dailyAdjustmentsMicro,
    });
    const noAudit = async () => {};
    const passes: AdjustmentDuties = {
      assertMayDecide: async () => {},
      assertIndependent: async () => {},
      withdrawnSince: async () => 0n,
    };
    const refusesAfterOther: AdjustmentDuties = {
      ...passes,
      async assertMayDecide() {
        await admin.decideAdjustment(await actorOf(ops.financeB), asked.id, true, 'first', noAudit, passes);
        throw new AppError('DUTY_RECENTLY_ADJUSTED');
      },
    };
    const third = await actorOf(await signedInOperator(t, 'finance'));
    await expect(
      admin.decideAdjustment(third, asked.id, true, 'late', noAudit, refusesAfterOther),
    ).rejects.toMatchObject({ key: 'ADJUSTMENT_NOT_PENDING' });
    // A refusal on a request that is still pending stays that refusal.
    const other = body<Adj>(await adjust(p.id, { amount: '300', reason: 'still pending' })).result;
    const refuses: AdjustmentDuties = {
      ...passes,
      assertMayDecide: async () => {
        throw new AppError('DUTY_RECENTLY_ADJUSTED');
      },
    };
    await expect(admin.decideAdjustment(third, other.id, true, 'no', noAudit, refuses)).rejects.toMatchObject(
      { key: 'DUTY_RECENTLY_ADJUSTED' },
    );
    expect(await available(p.id)).toBe('400.000000');
  });

  it('keeps a pending debit pending when the balance no longer covers it; a rejection changes no money', async () => {
    const p = await newPlayer();
    // 120 and 40 together exceed the 24-hour threshold: both wait, each covered by the 100 + 50 when asked.
    expect(body<Adj>(await adjust(p.id, { amount: '50', reason: 'bonus' })).result.status).toBe('applied');
    const asked = body<Adj>(await adjust(p.id, { amount: '-120', reason: 'fraud' })).result;
    const other = body<Adj>(await adjust(p.id, { amount: '-40', reason: 'fraud' })).result;
    expect([asked.status, other.status]).toEqual(['pending', 'pending']);
    expect(body(await decide(other.id, 'approve', ops.financeB)).code).toBe(200);
    // financeB adjusted the player now, so a third operator decides the other request.
    const third = await signedInOperator(t, 'finance');
    expect(body(await decide(asked.id, 'approve', ops.financeB)).code).toBe(6106);
    expect(body(await decide(asked.id, 'approve', third)).code).toBe(2002);
    const still = body<{ data: Adj[] }>(await get(`/api/admin/adjustments?player_id=${p.id}`, ops.viewer))
      .result.data;
    expect(still.find((a) => a.id === asked.id)).toMatchObject({ status: 'pending' });
    const rejected = body<Adj>(await decide(asked.id, 'reject', ops.financeA, { reason: 'withdrawn' }));
    expect(rejected.result.status).toBe('rejected');
    expect(await available(p.id)).toBe('110.000000');
  });

  it('never takes a player below zero under 50 parallel debits: exactly as many apply as the balance covers', async () => {
    const p = await newPlayer();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        adjust(p.id, { amount: '-3', reason: 'race' }, i % 2 ? ops.financeA : ops.financeB),
      ),
    );
    const codes = results.map((r) => body(r).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(33);
    expect(codes.filter((c) => c !== 200).every((c) => c === 2002)).toBe(true);
    expect(await available(p.id)).toBe('1.000000');
    const applied = body<{ total: number }>(
      await get(`/api/admin/adjustments?player_id=${p.id}`, ops.viewer),
    ).result;
    expect(applied.total).toBe(33);
  });

  it('answers a retried request (same request_id, even in parallel) with the first request, and moves money once', async () => {
    const p = await newPlayer();
    const request_id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => adjust(p.id, { amount: '5', reason: 'retry', request_id })),
    );
    const ids = new Set(results.map((r) => body<Adj>(r).result.id));
    expect(ids.size).toBe(1);
    expect(await available(p.id)).toBe('105.000000');
  });
});

describe('ledger explorer', () => {
  it('filters transfers by player, account, code, reference and time, and pages them', async () => {
    const p = await newPlayer();
    const byName = body<{
      data: { id: string; code: number; reference_type: string; credit_account_id: string }[];
      total: number;
    }>(await get(`/api/admin/ledger/transfers?player=${p.username}`, ops.financeA)).result;
    expect(byName.total).toBe(1);
    expect(byName.data[0]).toMatchObject({ code: 6, reference_type: 'signup_bonus' });
    const account = byName.data[0]!.credit_account_id;
    const byAccount = body<{ total: number }>(
      await get(`/api/admin/ledger/transfers?account_id=${account}`, ops.financeA),
    ).result;
    expect(byAccount.total).toBe(1);
    const byRef = body<{ total: number }>(
      await get(`/api/admin/ledger/transfers?reference_type=signup_bonus&reference_id=${p.id}`, ops.financeA),
    ).result;
    expect(byRef.total).toBe(1);
    const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect(
      body<{ total: number }>(
        await get(`/api/admin/ledger/transfers?player=${p.id}&from=${later}`, ops.financeA),
      ).result.total,
    ).toBe(0);
    const paged = body<{ data: unknown[]; total: number }>(
      await get('/api/admin/ledger/transfers?size=2&page=1', ops.financeA),
    ).result;
    expect(paged.data).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    expect(body(await get('/api/admin/ledger/transfers?player=nobody_at_all', ops.financeA)).code).toBe(2007);
    expect((await get('/api/admin/ledger/transfers?account_id=abc', ops.financeA)).statusCode).toBe(400);
  });

  it('shows system balances summed over shards, which with the players sum to zero', async () => {
    const rows = body<{ name: string; balance: string; shards: number }[]>(
      await get('/api/admin/ledger/system-accounts', ops.viewer),
    ).result;
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['adjustments', 'promotion_expense', 'house']),
    );
    const system = rows.reduce(
      (a, r) => a + toMicro(r.balance.replace('-', '')) * (r.balance.startsWith('-') ? -1n : 1n),
      0n,
    );
    const players = await queryRows<{ s: string }>(
      t.database.db,
      sql`select coalesce(sum(credits_posted_micro - debits_posted_micro), 0)::text s from ledger_accounts where player_id is not null`,
    );
    expect(system + BigInt(players[0]!.s)).toBe(0n);
  });

  it('verifies the ledger on demand, records the check in the audit log, and the dashboard shows it', async () => {
    const res = body<{ ok: boolean; violations: unknown[]; transfers: number }>(
      await post('/api/admin/ledger/verify', ops.viewer),
    );
    expect(res.result).toMatchObject({ ok: true, violations: [] });
    expect(res.result.transfers).toBeGreaterThan(0);
    const dash = body<{
      last_ledger_check: { ok: boolean; by: string };
      today: { registrations: number; bets: string };
      last_7_days: unknown[];
      pending: { adjustments: number };
    }>(await get('/api/admin/dashboard', ops.support)).result;
    expect(dash.last_ledger_check).toMatchObject({ ok: true, by: ops.viewer.username });
    expect(dash.last_7_days).toHaveLength(7);
    expect(dash.today.registrations).toBeGreaterThan(0);
  });

  it("shows today's stakes and GGR from the ledger: stakes minus wins", async () => {
    type Dash = { today: { bets: string; ggr: string; date: string }; last_7_days: { date: string }[] };
    const before = body<Dash>(await get('/api/admin/dashboard', ops.viewer)).result;
    const p = await newPlayer();
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, batching: false });
    await bet(wallet, p.id, '10');
    await bet(wallet, p.id, '5');
    const key = freshKey('win');
    await wallet.transfer({
      key,
      debit: { system: SystemAccount.HOUSE },
      credit: { player: p.id },
      amountMicro: toMicro('4'),
      code: TransferCode.WIN,
      reference: { type: 'round', id: key },
    });
    const after = body<Dash>(await get('/api/admin/dashboard', ops.viewer)).result;
    expect(toMicro(after.today.bets) - toMicro(before.today.bets)).toBe(toMicro('15'));
    const signed = (x: string) => (x.startsWith('-') ? -toMicro(x.slice(1)) : toMicro(x));
    expect(signed(after.today.ggr) - signed(before.today.ggr)).toBe(toMicro('11'));
    expect(after.last_7_days.at(-1)!.date).toBe(after.today.date);
  });
});
