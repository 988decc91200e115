import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { LOOK_ALIKE, trc20, WITHDRAW_PASSWORD, withdrawalsHarness } from './withdrawals.fixtures';

type Address = {
  id: number;
  type: string;
  address: string;
  area: string;
  phone: string;
  created_at: string;
  usable_at: string;
};

describe('withdrawal addresses and the withdrawal password', () => {
  const t = useTestApp({
    withdrawals: { ...testConfig().withdrawals, addressDelayMs: 30 * 60_000 },
  });
  const h = withdrawalsHarness(() => t);
  const list = async (auth: Record<string, string>) => (await h.call<Address[]>(auth, 'address-list')).result;

  it('refuses adding or deleting addresses until a withdrawal password is set', async () => {
    const p = await h.player({ password: false });
    const bind = await h.call(p.auth, 'bind-address', { type: '1', address: trc20() });
    expect(bind).toMatchObject({ code: 5010, message: '请先设置提现密码' });
    const del = await h.call(p.auth, 'del-address', { address_id: 1, address: 'x' });
    expect(del.code).toBe(5010);
    expect(await list(p.auth)).toEqual([]);
  });

  it('sets the withdrawal password once (8-20 characters) and user info reflects it', async () => {
    const p = await h.player({ password: false });
    const info = async () =>
      (await h.call<{ set_password: boolean; turnover_remaining: string }>(p.auth, 'info')).result;
    expect((await info()).set_password).toBe(false);
    expect((await h.call(p.auth, 'set-password', { password: '1234567' })).code).toBe(5012);
    expect((await h.call(p.auth, 'set-password', { password: 'x'.repeat(21) })).code).toBe(5012);
    expect((await h.call(p.auth, 'set-password', { password: '' })).code).toBe(5012);
    // Concurrent "set" requests: the compare-and-set lets exactly one through.
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => h.call(p.auth, 'set-password', { password: `password-${i}` })),
    );
    expect(racers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.code === 5011)).toHaveLength(4);
    expect(await info()).toMatchObject({ set_password: true, turnover_remaining: '0.000000' });
    const again = await h.call(p.auth, 'set-password', { password: 'another-one' });
    expect(again).toMatchObject({ code: 5011, message: '提现密码已设置，请使用修改提现密码' });
  });

  it('changes the password with the old one; 5 wrong attempts lock withdrawals for an hour', async () => {
    const p = await h.player();
    const update = (old_password: string, new_password = 'brand-new-1') =>
      h.call(p.auth, 'update-password', { old_password, new_password });
    expect((await update(WITHDRAW_PASSWORD, 'short')).code).toBe(5012);
    const wrong = await update('not-the-password');
    expect(wrong).toMatchObject({ code: 5013, message: '提现密码错误，还可尝试4次' });
    for (const left of [3, 2, 1]) expect((await update('still-wrong')).message).toContain(`${left}次`);
    const locked = await update('wrong-again');
    expect(locked).toMatchObject({ code: 5014 });
    expect(locked.message).toContain('60分钟');
    // Locked: even the right password is refused, and the time left is in the message.
    t.clock.advance(20 * 60_000);
    const still = await update(WITHDRAW_PASSWORD);
    expect(still.code).toBe(5014);
    expect(still.message).toContain('40分钟');
    t.clock.advance(41 * 60_000);
    expect((await update(WITHDRAW_PASSWORD)).code).toBe(200);
    expect((await update(WITHDRAW_PASSWORD)).code).toBe(5013);
    expect((await update('brand-new-1', 'brand-new-2')).code).toBe(200);
  });

  it('counts parallel wrong guesses: 20 at once cannot get past the limit of 5', async () => {
    const p = await h.player();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.call(p.auth, 'update-password', { old_password: `guess-${i}-xx`, new_password: 'whatever-1' }),
      ),
    );
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => [5013, 5014, 5015].includes(a.code))).toBe(true);
    const rows = await queryRows<{ locked: boolean }>(
      t.database.db,
      sql`select locked_until is not null as locked from withdraw_password_guards where player_id = ${p.playerId}`,
    );
    expect(rows[0]?.locked).toBe(true);
    expect(
      (
        await h.call(p.auth, 'update-password', {
          old_password: WITHDRAW_PASSWORD,
          new_password: 'whatever-1',
        })
      ).code,
    ).toBe(5014);
  });

  it('binds a TRC20 address after checking its checksum, lists it, refuses duplicates in Chinese', async () => {
    const p = await h.player();
    const good = trc20();
    const typo = good.slice(0, 10) + (good[10] === 'a' ? 'b' : 'a') + good.slice(11);
    for (const bad of [typo, 'T' + good.slice(1, 33), good.replace(/^T/, 'A'), '0x' + 'ab'.repeat(20), '']) {
      expect((await h.call(p.auth, 'bind-address', { type: '1', address: bad })).code).toBe(5002);
    }
    const bound = await h.call<Address>(p.auth, 'bind-address', {
      type: '1',
      address: ` ${good} `,
      area: '',
    });
    expect(bound.code).toBe(200);
    const now = t.clock.now().getTime();
    expect(bound.result).toMatchObject({ type: '1', address: good, area: '', phone: '' });
    expect(new Date(bound.result.usable_at).getTime() - new Date(bound.result.created_at).getTime()).toBe(
      30 * 60_000,
    );
    expect(new Date(bound.result.created_at).getTime()).toBe(now);
    expect(await list(p.auth)).toEqual([bound.result]);
    const duplicate = await h.call(p.auth, 'bind-address', { type: '1', address: good });
    expect(duplicate).toMatchObject({ code: 5005, message: '不能重复添加' });
    // Concurrent duplicates: the unique index lets one in.
    const other = trc20();
    const racers = await Promise.all(
      Array.from({ length: 8 }, () => h.call(p.auth, 'bind-address', { type: '1', address: other })),
    );
    expect(racers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.code === 5005)).toHaveLength(7);
  });

  it('validates type 2 by area code and phone number, type 3 as a bounded string, and the type itself', async () => {
    await h.enableMethods();
    const p = await h.player();
    const phone = await h.call<Address>(p.auth, 'bind-address', {
      type: '2',
      area: '+86',
      address: '138 0013 8000',
    });
    expect(phone.code).toBe(200);
    expect(phone.result).toMatchObject({
      type: '2',
      area: '86',
      phone: '13800138000',
      address: '13800138000',
    });
    for (const [area, address] of [
      ['86', '12345'],
      ['999', '13800138000'],
      ['', '13800138000'],
      ['86', 'abc'],
      ['1', '5555555555'],
    ]) {
      expect((await h.call(p.auth, 'bind-address', { type: '2', area, address })).code).toBe(5003);
    }
    expect(
      (await h.call(p.auth, 'bind-address', { type: '2', area: '86', address: '13800138000' })).code,
    ).toBe(5005);
    const wallet = await h.call<Address>(p.auth, 'bind-address', { type: '3', address: 'wallet-id-42' });
    expect(wallet.result).toMatchObject({ type: '3', address: 'wallet-id-42', area: '' });
    expect((await h.call(p.auth, 'bind-address', { type: '3', address: '   ' })).code).toBe(5004);
    expect((await h.call(p.auth, 'bind-address', { type: '3', address: 'two words' })).code).toBe(5004);
    expect((await h.call(p.auth, 'bind-address', { type: '3', address: 'x'.repeat(129) })).status).toBe(400);
    expect((await h.call(p.auth, 'bind-address', { type: '4', address: 'x' })).code).toBe(5001);
    expect((await h.call(p.auth, 'bind-address', { type: '', address: 'x' })).code).toBe(5001);
    expect(await list(p.auth)).toHaveLength(2);
  });

  it('keeps at most 10 addresses per player, also under 15 concurrent binds', async () => {
    const p = await h.player();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => h.call(p.auth, 'bind-address', { type: '1', address: trc20() })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused.every((a) => a.code === 5006 && a.message === '最多只能添加10个提现地址')).toBe(true);
    expect(await list(p.auth)).toHaveLength(10);
  });

  it('deletes only the owner’s address and only when id and address both match; both are recorded', async () => {
    const a = await h.player();
    const b = await h.player();
    const mine = await h.bind(a.auth);
    const del = (auth: Record<string, string>, address_id: number, address: string) =>
      h.call(auth, 'del-address', { address_id, address });
    expect((await del(b.auth, mine.id, mine.address)).code).toBe(5007);
    expect((await del(a.auth, mine.id, trc20())).code).toBe(5007);
    expect((await del(a.auth, mine.id + 100000, mine.address)).code).toBe(5007);
    expect(await list(a.auth)).toHaveLength(1);
    expect(await list(b.auth)).toEqual([]);
    expect((await del(a.auth, mine.id, mine.address)).code).toBe(200);
    expect((await del(a.auth, mine.id, mine.address)).code).toBe(5007);
    expect(await list(a.auth)).toEqual([]);
    const events = await queryRows<{ action: number }>(
      t.database.db,
      sql`select action from withdrawal_address_events where player_id = ${a.playerId} order by id`,
    );
    expect(events.map((e) => e.action)).toEqual([1, 2]);
    // Deleted, it can be added again.
    expect((await h.call(a.auth, 'bind-address', { type: '1', address: mine.address })).code).toBe(200);
  });

  it('refuses a look-alike of an address the player used unless confirmed, showing both side by side', async () => {
    const p = await h.player();
    const [used, lookAlike] = LOOK_ALIKE;
    const first = await h.bind(p.auth, used);
    // Deleting the original does not make the look-alike safe: the guard remembers used addresses.
    expect((await h.call(p.auth, 'del-address', { address_id: first.id, address: used })).code).toBe(200);
    await h.expectLookAlikeRefused(p.auth, lookAlike, used);
    expect(await list(p.auth)).toEqual([]);
    // Another player has never used the original, so the same address is not suspicious for them.
    const other = await h.player();
    await h.bind(other.auth, lookAlike);
    const confirmed = await h.call<Address>(p.auth, 'bind-address', {
      type: '1',
      address: lookAlike,
      confirm_similar: '1',
    });
    expect(confirmed.code).toBe(200);
    const events = await queryRows<{ similar_to: string | null }>(
      t.database.db,
      sql`select similar_to from withdrawal_address_events where address_id = ${confirmed.result.id}`,
    );
    expect(events).toEqual([{ similar_to: used }]);
  });

  it('needs sign-in and a well-formed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/plat/address-list' });
    expect(res.statusCode).toBe(401);
    const p = await h.player();
    expect((await h.call(p.auth, 'del-address', { address_id: 'abc', address: 'x' })).status).toBe(400);
    expect((await h.call(p.auth, 'bind-address', { type: '1', address: trc20(), extra: 1 })).status).toBe(
      400,
    );
  });
});
