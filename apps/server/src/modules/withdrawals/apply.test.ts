import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMicro } from '@koi/ledger';
import { createTestApp, untilSignedOut, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { trc20, withdrawalsHarness } from './withdrawals.fixtures';

describe('withdraw-apply: rules, fee, limits, idempotency', () => {
  const t = useTestApp({
    withdrawals: {
      ...testConfig().withdrawals,
      minMicro: toMicro('10'),
      maxMicro: toMicro('1000'),
      dailyCount: 3,
      dailyAmountMicro: toMicro('1500'),
      fee: { kind: 'fixed', micro: toMicro('1') },
      addressDelayMs: 0,
    },
  });
  const h = withdrawalsHarness(() => t);

  it('holds amount + fee at once, shows the fee and limits beforehand, and records status 2', async () => {
    const p = await h.player({ deposit: '100' });
    const address = await h.bind(p.auth);
    const info = await h.call(p.auth, 'withdraw-info');
    expect(info.result).toEqual({
      available: '100.000000',
      min_amount: '10.000000',
      max_amount: '1000.000000',
      fee_type: 'fixed',
      fee: '1.000000',
      daily_count_limit: 3,
      daily_count_used: 0,
      daily_amount_limit: '1500.000000',
      daily_amount_used: '0.000000',
      turnover_remaining: '0.000000',
      password_set: true,
      locked_minutes: 0,
    });
    const res = await h.apply(p.auth, { amount: '50', address_id: address.id });
    expect(res.code).toBe(200);
    expect(res.result).toMatchObject({
      state: 'applied',
      status: 2,
      fee: '1.000000',
      total: '51.000000',
      tx_hash: null,
      address: address.address,
    });
    expect(await h.balances(p.playerId)).toEqual({
      available: toMicro('49'),
      held: toMicro('51'),
      posted: toMicro('100'),
    });
    const after = (await h.call<{ daily_count_used: number; available: string }>(p.auth, 'withdraw-info'))
      .result;
    expect(after).toMatchObject({ daily_count_used: 1, available: '49.000000' });
    const records = await h.call<{ list: unknown[]; total: number }>(p.auth, 'inout-records', { type: 2 });
    expect(records.result).toMatchObject({ total: 1 });
    expect(records.result.list).toEqual([
      expect.objectContaining({
        id: String(res.result.id),
        type: 2,
        amount: '50.0000',
        // The fixed fee, held beside the amount; the record says so.
        fee: '1.0000',
        status: 2,
        tx_hash: null,
      }),
    ]);
    // "All" (type 0, the default) lists withdrawals beside deposits; "deposits" (type 1) does not.
    const all = await h.call<{ list: { type: number; id: string }[]; total: number }>(
      p.auth,
      'inout-records',
    );
    expect(all.result.list).toEqual([expect.objectContaining({ type: 2, id: String(res.result.id) })]);
    expect(all.result.total).toBe(1);
    const deposits = await h.call<{ total: number }>(p.auth, 'inout-records', { type: 1 });
    expect(deposits.result.total).toBe(0);
    const stranger = await h.player();
    expect((await h.call<{ total: number }>(stranger.auth, 'inout-records', { type: 2 })).result.total).toBe(
      0,
    );
    expect((await h.call<{ total: number }>(stranger.auth, 'inout-records')).result.total).toBe(0);
    await h.ledgerClean();
  });

  it('refuses below the minimum, above the maximum, bad amounts, and more than the balance with the total', async () => {
    const p = await h.player({ deposit: '30' });
    const { id } = await h.bind(p.auth);
    expect((await h.apply(p.auth, { amount: '9.99', address_id: id })).code).toBe(5016);
    expect((await h.apply(p.auth, { amount: '1000.000001', address_id: id })).code).toBe(5017);
    for (const amount of ['-5', 'abc', '1e3', '10.1234567', '0', ''])
      expect((await h.apply(p.auth, { amount, address_id: id })).code).toBe(2001);
    const tooMuch = await h.apply(p.auth, { amount: '29.5', address_id: id });
    expect(tooMuch).toMatchObject({ code: 5021 });
    expect(tooMuch.message).toBe('余额不足：提现29.500000 USDT需30.500000 USDT（含手续费1.000000 USDT）');
    expect((await h.apply(p.auth, { amount: '29', address_id: id })).code).toBe(200);
    expect(await h.balances(p.playerId)).toMatchObject({ available: 0n, held: toMicro('30') });
    expect(await h.withdrawalCount(p.playerId)).toBe(1);
    await h.ledgerClean();
  });

  it('enforces the daily count and amount per UTC+8 day', async () => {
    const p = await h.player({ deposit: '5000' });
    const { id } = await h.bind(p.auth);
    expect((await h.apply(p.auth, { amount: '1000', address_id: id })).code).toBe(200);
    const over = await h.apply(p.auth, { amount: '600', address_id: id });
    expect(over.code).toBe(5019);
    expect(over.message).toContain('今日还可提现500.000000 USDT');
    expect((await h.apply(p.auth, { amount: '100', address_id: id })).code).toBe(200);
    expect((await h.apply(p.auth, { amount: '100', address_id: id })).code).toBe(200);
    expect((await h.apply(p.auth, { amount: '10', address_id: id })).code).toBe(5018);
    t.clock.advance(24 * 3_600_000);
    expect((await h.apply(p.auth, { amount: '10', address_id: id })).code).toBe(200);
    await h.ledgerClean();
  });

  it('answers a retried request_id with the same withdrawal and refuses it with other content', async () => {
    const p = await h.player({ deposit: '100' });
    const { id } = await h.bind(p.auth);
    const request_id = randomUUID();
    const first = await h.apply(p.auth, { amount: '20', address_id: id, request_id });
    const again = await h.apply(p.auth, { amount: '20', address_id: id, request_id });
    expect(again.result).toEqual(first.result);
    expect((await h.apply(p.auth, { amount: '21', address_id: id, request_id })).code).toBe(5022);
    expect((await h.apply(p.auth, { amount: '20', address_id: id, request_id: 'bad id!' })).status).toBe(400);
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('21') });
  });

  it('accepts request ids up to 128 characters, and two long ids with one prefix stay two withdrawals', async () => {
    const p = await h.player({ deposit: '100' });
    const { id } = await h.bind(p.auth);
    const long = (last: string) => `${'r'.repeat(127)}${last}`;
    const first = await h.apply(p.auth, { amount: '20', address_id: id, request_id: long('a') });
    const second = await h.apply(p.auth, { amount: '30', address_id: id, request_id: long('b') });
    expect(first.code).toBe(200);
    expect(second.code).toBe(200);
    // A retry of the first answers it again; one character more is refused before anything is held.
    expect((await h.apply(p.auth, { amount: '20', address_id: id, request_id: long('a') })).result).toEqual(
      first.result,
    );
    const tooLong = await h.apply(p.auth, { amount: '20', address_id: id, request_id: `${long('a')}x` });
    expect(tooLong.status).toBe(400);
    expect(await h.withdrawalCount(p.playerId)).toBe(2);
    // Amount + fee of each withdrawal held once: 21 + 31.
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('52') });
    const keys = await queryRows<{ key: string }>(
      t.database.db,
      sql`select hold_key as key from withdrawals where player_id = ${p.playerId}`,
    );
    expect(keys.every((k) => k.key.length <= 128 - ':fee'.length)).toBe(true);
    await h.ledgerClean();
  });

  it('checks the password (wrong attempts lock withdrawals) and needs one set', async () => {
    const p = await h.player({ deposit: '100' });
    const { id } = await h.bind(p.auth);
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await h.apply(p.auth, { amount: '20', address_id: id, password: 'wrong-pass' });
      expect(wrong.message).toBe(`提现密码错误，还可尝试${left}次`);
    }
    expect((await h.apply(p.auth, { amount: '20', address_id: id, password: '' })).code).toBe(5014);
    expect((await h.apply(p.auth, { amount: '20', address_id: id })).code).toBe(5014);
    const info = (await h.call<{ locked_minutes: number }>(p.auth, 'withdraw-info')).result;
    expect(info.locked_minutes).toBe(60);
    expect(await h.balances(p.playerId)).toMatchObject({ available: toMicro('100'), held: 0n });
    const noPassword = await h.player({ password: false, deposit: '50' });
    expect((await h.apply(noPassword.auth, { amount: '20', address_id: id })).code).toBe(5010);
  });

  it('uses only the player’s own, live and usable addresses (IDOR by address_id)', async () => {
    const a = await h.player({ deposit: '100' });
    const b = await h.player({ deposit: '100' });
    const bAddress = await h.bind(b.auth);
    expect((await h.apply(a.auth, { amount: '20', address_id: bAddress.id })).code).toBe(5007);
    const mine = await h.bind(a.auth);
    await h.call(a.auth, 'del-address', { address_id: mine.id, address: mine.address });
    expect((await h.apply(a.auth, { amount: '20', address_id: mine.id })).code).toBe(5007);
    expect(await h.withdrawalCount(a.playerId)).toBe(0);
    // B's withdrawal is invisible to A: A's request_id space is A's own.
    const request_id = randomUUID();
    const bw = await h.apply(b.auth, { amount: '20', address_id: bAddress.id, request_id });
    expect(bw.code).toBe(200);
    const aSame = await h.apply(a.auth, { amount: '20', address_id: bAddress.id, request_id });
    expect(aSame.code).toBe(5007);
  });

  it('waits the configured delay before a new address can be used', async () => {
    const delayed = await createTestApp({
      withdrawals: { ...testConfig().withdrawals, addressDelayMs: 120 * 60_000 },
    });
    try {
      const d = withdrawalsHarness(() => delayed);
      const p = await d.player({ deposit: '100' });
      const { id } = await d.bind(p.auth, trc20());
      const early = await d.apply(p.auth, { amount: '20', address_id: id });
      expect(early).toMatchObject({ code: 5009, message: '新添加的地址需等待120分钟后才能用于提现' });
      delayed.clock.advance(120 * 60_000);
      expect((await d.apply(p.auth, { amount: '20', address_id: id })).code).toBe(200);
    } finally {
      await delayed.close();
    }
  });

  it('refuses frozen and self-excluded players', async () => {
    const p = await h.player({ deposit: '100' });
    const { id } = await h.bind(p.auth);
    await t.database.db.execute(
      sql`update players set self_excluded_until = ${new Date(t.clock.now().getTime() + 3_600_000).toISOString()}::timestamptz where id = ${p.playerId}`,
    );
    expect((await h.apply(p.auth, { amount: '20', address_id: id })).code).toBe(1012);
    await t.database.db.execute(
      sql`update players set self_excluded_until = null, status = 2 where id = ${p.playerId}`,
    );
    // A frozen player's session no longer signs anything in; the service refuses them as well.
    await untilSignedOut(t.app, p.auth);
    expect((await h.apply(p.auth, { amount: '20', address_id: id })).status).toBe(401);
    expect(await h.withdrawalCount(p.playerId)).toBe(0);
  });
});
