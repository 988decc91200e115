import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, signUp, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { createAuditLog } from '../audit';
import {
  adminLogin,
  enrolOperator,
  NEW_PASSWORD,
  signedInOperator,
  totpAt,
  uniqueOperatorName,
  type SignedInOperator,
} from '../operators/operators.fixtures';
import { createOperatorsService } from '../operators/operators.service';
import type { PayoutRail } from './payout.client';
import { trc20, WITHDRAW_PASSWORD, withdrawalsHarness } from './withdrawals.fixtures';

/**
 * Separation of duties (decision 33) and the player's standing re-checked before money leaves: what one
 * operator, or an admin with a puppet account, can no longer do alone.
 */
const t = useTestApp({
  console: {
    ...testConfig().console,
    approvalAboveMicro: toMicro('1000'),
    dailyAdjustmentsMicro: toMicro('5000'),
  },
  withdrawals: {
    ...testConfig().withdrawals,
    fee: { kind: 'fixed', micro: 0n },
    addressDelayMs: 0,
    maxMicro: toMicro('100000'),
    dailyAmountMicro: toMicro('1000000'),
    twoOperatorsAboveMicro: toMicro('1500'),
    operatorDailyApprovalsMicro: toMicro('20000'),
  },
});
const h = withdrawalsHarness(() => t);

type Withdrawal = {
  id: number;
  state: string;
  two_operators_required: boolean;
  last_payout_error: string | null;
};

const post = async <T = unknown>(auth: Record<string, string>, url: string, payload: object = {}) => {
  const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
  return { status: res.statusCode, ...body<T>(res) };
};
const adjust = (op: SignedInOperator, playerId: number, amount: string) =>
  post<{ id: number; status: string }>(op.auth, `/api/admin/players/${playerId}/adjust`, {
    amount,
    reason: 'goodwill',
    request_id: randomUUID(),
  });
const approve = (op: { auth: Record<string, string> }, id: number) =>
  post<Withdrawal>(op.auth, `/api/admin/withdrawals/${id}/approve`, {});
const reject = (op: { auth: Record<string, string> }, id: number) =>
  post<Withdrawal>(op.auth, `/api/admin/withdrawals/${id}/reject`, { reason: '风控' });
async function withdrawal(op: SignedInOperator, id: number): Promise<Withdrawal> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/withdrawals/${id}`, headers: op.auth });
  return body<Withdrawal>(res).result;
}

/** A player with money and a bound address who applied for `amount`. */
async function applied(amount: string, opts: { deposit?: string; device?: string; address?: string } = {}) {
  const p = await h.player({ deposit: opts.deposit ?? '20000', device: opts.device });
  const address = await h.bind(p.auth, opts.address ?? trc20());
  const res = await h.apply(p.auth, { amount, address_id: address.id });
  expect(res.code, res.message).toBe(200);
  return { ...p, withdrawalId: res.result.id, address: address.address };
}

/** A fresh console session (the earlier one expired while the clock moved days on). */
async function relogin(username: string, totpSecret: string) {
  const res = await adminLogin(t.app, {
    username,
    password: NEW_PASSWORD,
    totp: await totpAt(t, totpSecret),
  });
  t.clock.advance(30_000);
  return { auth: { authorization: `Bearer ${body<{ token: string }>(res).result.token}` } };
}

async function clean() {
  await h.ledgerClean();
  expect(
    (await createAuditLog({ db: t.database.db, clock: t.clock, config: t.app.koi.config }).verify()).ok,
  ).toBe(true);
}

describe('separation of duties: adjustments', () => {
  it('ten +1000 adjustments by one operator: only the first applies alone, the rest wait for a second operator until the daily sum refuses, and the operator cannot then approve the player’s withdrawal', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const c = await signedInOperator(t, 'finance');
    const p = await h.player({ deposit: '100' });
    const codes: (number | string)[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await adjust(a, p.playerId, '1000');
      codes.push(res.code === 200 ? res.result.status : res.code);
    }
    // 1000 applies alone; the player's 24-hour sum then exceeds the threshold; 5000 a day is a's limit.
    expect(codes).toEqual([
      'applied',
      'pending',
      'pending',
      'pending',
      'pending',
      6103,
      6103,
      6103,
      6103,
      6103,
    ]);
    const refused = await adjust(a, p.playerId, '1000');
    expect(refused.message).toContain('5000');

    // The player withdraws 999: alone below the threshold, with the adjustments of the day above it.
    const address = await h.bind(p.auth, trc20());
    const big = await h.apply(p.auth, { amount: '999', address_id: address.id });
    expect(big.code, big.message).toBe(200);
    expect((await withdrawal(b, big.result.id)).two_operators_required).toBe(true);
    // The operator who adjusted the player decides nothing on the player's money for 30 days.
    const own = await approve(a, big.result.id);
    expect(own.code).toBe(6106);
    expect(own.message).toMatch(/30天/);
    expect((await reject(a, big.result.id)).code).toBe(6106);
    const first = await approve(b, big.result.id);
    expect(first.code).toBe(200);
    expect(first.result.state).toBe('applied');
    expect((await approve(c, big.result.id)).result.state).toBe('approved');
    // An approval of a pending adjustment counts on the approver's day, and the requester's limit holds.
    const pending = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from adjustment_requests where player_id = ${p.playerId} and status = 'pending' order by id`,
    );
    // b decided on the player's money already (approved the withdrawal) but never adjusted: b may approve.
    const ok = await post<{ status: string }>(b.auth, `/api/admin/adjustments/${pending[0]!.id}/approve`, {
      reason: 'checked',
    });
    expect(ok.result.status).toBe('applied');
    // b now adjusted the player too (approved): b can no longer approve another of the player's adjustments.
    const again = await post(b.auth, `/api/admin/adjustments/${pending[1]!.id}/approve`, { reason: 'x' });
    expect(again.code).toBe(6106);
    await clean();
  });

  it('fifty parallel adjustments by one operator never exceed the operator’s daily sum', async () => {
    const a = await signedInOperator(t, 'finance');
    const p = await h.player({});
    const results = await Promise.all(Array.from({ length: 50 }, () => adjust(a, p.playerId, '200')));
    const accepted = results.filter((r) => r.code === 200);
    expect(accepted).toHaveLength(25);
    expect(results.filter((r) => r.code === 6103)).toHaveLength(25);
    const [sum] = await queryRows<{ total: string }>(
      t.database.db,
      sql`select coalesce(sum(abs(amount_micro)), 0)::text total from adjustment_requests
          where requested_by_id = ${a.id} and status <> 'rejected'`,
    );
    expect(BigInt(sum!.total)).toBe(toMicro('5000'));
    await clean();
  });
});

describe('separation of duties: who may decide', () => {
  it('refuses an operator approving the withdrawal of a player account under their own username, device or payout address', async () => {
    const op = await signedInOperator(t, 'finance');
    const other = await signedInOperator(t, 'finance');
    // The operator registers a player account with their own username.
    const mine = await signUp(t.app, op.username, 'secret123', `dev-${randomUUID()}`);
    const mineId = await h.playerIdOf(mine.username);
    expect((await h.call(mine.auth, 'set-password', { password: WITHDRAW_PASSWORD })).code).toBe(200);
    await h.fund(mineId, '100');
    const mineAddress = await h.bind(mine.auth, trc20());
    const res = await h.apply(mine.auth, { amount: '10', address_id: mineAddress.id });
    const own = await approve(op, res.result.id);
    expect(own.code).toBe(6105);
    expect(own.message).toContain('同用户名');
    expect((await reject(op, res.result.id)).code).toBe(6105);
    // A second account that pays out to the same address is linked too.
    const alias = await applied('10', { address: mineAddress.address });
    expect((await approve(op, alias.withdrawalId)).message).toContain('同收款地址');
    // An account registered on a device the operator signed in from.
    const device = `console-${randomUUID()}`;
    const signIn = await adminLogin(t.app, {
      username: op.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, op.totpSecret),
      device,
    });
    expect(body(signIn).code).toBe(200);
    t.clock.advance(30_000);
    const onDevice = await applied('10', { device });
    expect((await approve(op, onDevice.withdrawalId)).message).toContain('同设备');
    // Adjusting one's own account is refused as well.
    expect((await adjust(op, mineId, '5')).code).toBe(6105);
    // Another operator decides.
    expect((await approve(other, res.result.id)).result.state).toBe('approved');
    await clean();
  });

  it('requires two operators when the player’s withdrawals of 24 hours together exceed the threshold, though each is below it', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const p = await applied('800');
    const address = await h.bind(p.auth, trc20());
    const second = await h.apply(p.auth, { amount: '800', address_id: address.id });
    expect((await withdrawal(a, second.result.id)).two_operators_required).toBe(true);
    expect((await withdrawal(a, p.withdrawalId)).two_operators_required).toBe(true);
    const first = await approve(a, second.result.id);
    expect(first.result.state).toBe('applied');
    expect((await approve(a, second.result.id)).code).toBe(5025);
    expect((await approve(b, second.result.id)).result.state).toBe('approved');
    await clean();
  });

  it('an admin’s puppet: the create answer holds no credential, and an operator the admin created within 7 days cannot be the second approver', async () => {
    const admin = await signedInOperator(t, 'admin');
    const username = uniqueOperatorName('puppet');
    const created = await post<{ id: number; enrol_token: string }>(admin.auth, '/api/admin/operators', {
      username,
      role: 'finance',
      reason: 'new hire',
    });
    expect(created.code).toBe(200);
    expect(JSON.stringify(created.result)).not.toMatch(/password|totp|otpauth/i);
    const puppet = await enrolOperator(t, created.result.enrol_token);
    // Once enrolled, the link shows nothing to anyone, the admin included.
    expect((await post({}, '/api/admin/enrol/info', { token: created.result.enrol_token })).code).toBe(6101);

    // The puppet cannot approve the admin's adjustment either.
    const credited = await h.player({});
    const asked = await adjust(admin, credited.playerId, '2000');
    expect(asked.result.status).toBe('pending');
    const puppetApproval = await post(puppet.auth, `/api/admin/adjustments/${asked.result.id}/approve`, {
      reason: 'ok',
    });
    expect(puppetApproval.code).toBe(6107);

    const p = await applied('2000');
    expect((await approve(admin, p.withdrawalId)).result.state).toBe('applied');
    const refused = await approve(puppet, p.withdrawalId);
    expect(refused.code).toBe(6107);
    expect(refused.message).toMatch(/7天/);
    // The other way round, and after a reset, too.
    const q = await applied('2000');
    expect((await approve(puppet, q.withdrawalId)).result.state).toBe('applied');
    expect((await approve(admin, q.withdrawalId)).code).toBe(6107);
    // Another operator, not enrolled by the admin, completes both.
    const independent = await signedInOperator(t, 'finance');
    expect((await approve(independent, p.withdrawalId)).result.state).toBe('approved');
    expect((await approve(independent, q.withdrawalId)).result.state).toBe('approved');
    // Eight days on, the pair may decide together.
    t.clock.advance(8 * 24 * 3_600_000);
    const r = await applied('2000');
    const admin8 = await relogin(admin.username, admin.totpSecret);
    const puppet8 = await relogin(puppet.username, puppet.totpSecret);
    expect((await approve(admin8, r.withdrawalId)).result.state).toBe('applied');
    expect((await approve(puppet8, r.withdrawalId)).result.state).toBe('approved');
    // A reset re-enrols: the 7 days start again.
    const reset = await post<{ enrol_token: string }>(
      admin8.auth,
      `/api/admin/operators/${created.result.id}/reset`,
      {
        reason: 'lost phone',
      },
    );
    expect(reset.code, reset.message).toBe(200);
    expect(JSON.stringify(reset.result)).not.toMatch(/password|totp|otpauth/i);
    const again = await enrolOperator(t, reset.result.enrol_token);
    const s = await applied('2000');
    expect((await approve(admin8, s.withdrawalId)).result.state).toBe('applied');
    expect((await approve(again, s.withdrawalId)).code).toBe(6107);
    await clean();
  });

  it('the command line still hands the first operator their credentials directly (there is nobody to enrol them)', async () => {
    const service = createOperatorsService({ db: t.database.db, config: t.app.koi.config, clock: t.clock });
    const creds = await service.createOperator(
      { username: uniqueOperatorName('first'), role: 'admin', reason: 'cli' },
      { actor: { operatorId: null, username: 'cli:test', ip: null }, context: null },
    );
    expect(creds.password).toHaveLength(16);
    expect(creds.totpSecret).toMatch(/^[A-Z2-7]+$/);
  });

  it('limits one operator’s withdrawal approvals per UTC+8 day in sum, under 50 parallel approvals', async () => {
    const op = await signedInOperator(t, 'finance');
    const players = [];
    for (let i = 0; i < 50; i += 1) players.push(await applied('1000'));
    const results = await Promise.all(players.map((p) => approve(op, p.withdrawalId)));
    // 20,000 a day: twenty approvals of 1000 pass, thirty are refused, whatever the order.
    expect(results.filter((r) => r.code === 200)).toHaveLength(20);
    expect(results.filter((r) => r.code === 6104)).toHaveLength(30);
    await clean();
  }, 120_000);
});

describe('standing re-checked before money leaves', () => {
  const rail = (): PayoutRail & { sent: string[] } => {
    const sent: string[] = [];
    return {
      sent,
      send: async (key: string) => {
        sent.push(key);
        return { kind: 'paid' as const, txHash: `tx-${key}`.padEnd(64, '0').slice(0, 64) };
      },
      query: async () => ({ kind: 'absent' as const }),
    };
  };
  const freeze = (op: SignedInOperator, playerId: number, verb: 'freeze' | 'unfreeze') =>
    post(op.auth, `/api/admin/players/${playerId}/${verb}`, { reason: '风控调查' });

  it('holds a frozen player’s earlier withdrawal at approval: refused with the reason, money still held', async () => {
    const op = await signedInOperator(t, 'admin');
    const p = await applied('100', { deposit: '300' });
    expect((await freeze(op, p.playerId, 'freeze')).code).toBe(200);
    const refused = await approve(op, p.withdrawalId);
    expect(refused.code).toBe(5101);
    expect(refused.message).toContain('已冻结');
    expect((await withdrawal(op, p.withdrawalId)).state).toBe('applied');
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('100'), available: toMicro('200') });
    // Self-exclusion holds it the same way.
    await freeze(op, p.playerId, 'unfreeze');
    await t.database.db.execute(
      sql`update players set self_excluded_until = ${new Date(t.clock.now().getTime() + 86_400_000).toISOString()}::timestamptz where id = ${p.playerId}`,
    );
    expect((await approve(op, p.withdrawalId)).message).toContain('自我限制');
    // The operator decides: rejecting returns the money.
    expect((await reject(op, p.withdrawalId)).result.state).toBe('rejected');
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n, available: toMicro('300') });
    await clean();
  });

  it('holds a withdrawal approved before the freeze at payout: nothing sent, the console says why, paid once restored', async () => {
    const op = await signedInOperator(t, 'admin');
    const p = await applied('100', { deposit: '300' });
    expect((await approve(op, p.withdrawalId)).result.state).toBe('approved');
    expect((await freeze(op, p.playerId, 'freeze')).code).toBe(200);
    const r = rail();
    const held = await h.service(r).payOut(p.withdrawalId);
    expect(held.state).toBe(2);
    expect(r.sent).toEqual([]);
    const shown = await withdrawal(op, p.withdrawalId);
    expect(shown.state).toBe('approved');
    expect(shown.last_payout_error).toContain('已冻结');
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('100') });
    // The payout job holds it too.
    await h.service(r).payApproved();
    expect(r.sent).not.toContain(String(p.withdrawalId));
    r.sent.length = 0;
    await freeze(op, p.playerId, 'unfreeze');
    expect((await h.service(r).payOut(p.withdrawalId)).state).toBe(4);
    expect(r.sent).toEqual([String(p.withdrawalId)]);
    expect(await h.balances(p.playerId)).toMatchObject({ held: 0n, available: toMicro('200') });
    await clean();
  });

  it('the payout job pays a payable withdrawal in its next tick however many held ones wait, and looks at each held one again', async () => {
    const op = await signedInOperator(t, 'admin');
    const r = rail();
    const service = h.service(r);
    // Three approved withdrawals of players frozen since; a first tick notes each one held.
    const frozen = [];
    for (let i = 0; i < 3; i++) {
      const p = await applied('100', { deposit: '300' });
      expect((await approve(op, p.withdrawalId)).result.state).toBe('approved');
      expect((await freeze(op, p.playerId, 'freeze')).code).toBe(200);
      frozen.push(p);
    }
    expect(await service.payApproved(10)).toBe(0);
    expect(r.sent).toEqual([]);
    // Held rows are older than the payable one and outnumber a batch of 2, yet the payable one goes out.
    const payable = await applied('100', { deposit: '300' });
    expect((await approve(op, payable.withdrawalId)).result.state).toBe('approved');
    expect(await service.payApproved(2)).toBe(1);
    expect(r.sent).toEqual([String(payable.withdrawalId)]);
    // The held ones are looked at a batch at a time from where the last tick stopped: the third is due now.
    await freeze(op, frozen[2]!.playerId, 'unfreeze');
    await freeze(op, frozen[0]!.playerId, 'unfreeze');
    expect(await service.payApproved(2)).toBe(1);
    expect(r.sent.slice(1)).toEqual([String(frozen[2]!.withdrawalId)]);
    // The next tick starts from the first again and finds the other restored player.
    expect(await service.payApproved(2)).toBe(1);
    expect(r.sent.slice(2)).toEqual([String(frozen[0]!.withdrawalId)]);
    expect((await withdrawal(op, frozen[1]!.withdrawalId)).state).toBe('approved');
    expect(await h.balances(frozen[1]!.playerId)).toMatchObject({ held: toMicro('100') });
    await clean();
  });
});
