import { beforeAll, describe, expect, it } from 'vitest';
import { body, FORM, postForm, signUp, useTestApp } from '../../../test/app';
import { addReceivingAddresses, randomTronAddress } from './deposits.fixtures';

type Order = {
  order_id: string;
  address: string;
  qrcode: string;
  amount: string;
  actual_amount: string;
  change_over_time: number;
  expires_at: string;
  status?: number;
  tx_id?: string | null;
};

describe('deposit orders over the API', () => {
  const t = useTestApp();
  const address = randomTronAddress();

  beforeAll(async () => {
    await addReceivingAddresses(t.database.db, [address]);
  });

  const recharge = (auth: Record<string, string>, amount: string | number, headers = {}) =>
    postForm(t.app, '/api/plat/recharge', { amount }, { ...auth, ...headers });
  const orderState = async (auth: Record<string, string>, id: string) =>
    body<Order>(await t.app.inject({ method: 'GET', url: `/api/plat/recharge/${id}`, headers: auth }));

  it('answers the deposit popup: address, PNG QR code, amount, unique actual amount, minutes', async () => {
    const p = await signUp(t.app);
    const res = body<Order>(await recharge(p.auth, '100'));
    expect(res.code).toBe(200);
    expect(res.result).toMatchObject({
      address,
      amount: '100.0000',
      actual_amount: '100.0000',
      change_over_time: 15,
    });
    expect(res.result.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(res.result.expires_at) - t.clock.now().getTime()).toBe(15 * 60_000);

    // A second player asking for the same amount on the same address gets the next offset.
    const q = await signUp(t.app);
    const other = body<Order>(await recharge(q.auth, '100'));
    expect(other.result.actual_amount).toBe('100.0001');
    expect(other.result.order_id).not.toBe(res.result.order_id);

    const state = await orderState(p.auth, res.result.order_id);
    expect(state.result).toMatchObject({ status: 2, tx_id: null, actual_amount: '100.0000' });
    // Someone else's order does not exist for this player.
    expect((await orderState(q.auth, res.result.order_id)).code).toBe(4007);
  });

  it('returns the open order for a repeated amount and allows at most 3 open orders', async () => {
    const p = await signUp(t.app);
    const first = body<Order>(await recharge(p.auth, '20'));
    const again = body<Order>(await recharge(p.auth, 20));
    expect(again.result.order_id).toBe(first.result.order_id);
    expect(body(await recharge(p.auth, '21')).code).toBe(200);
    expect(body(await recharge(p.auth, '22.5')).code).toBe(200);
    const fourth = body(await recharge(p.auth, '23'));
    expect(fourth.code).toBe(4004);
    expect(fourth.error?.message).toContain('3笔未完成的充值订单');
    // The repeated amount is still answered with its order, not refused.
    expect(body<Order>(await recharge(p.auth, '22.5')).code).toBe(200);
  });

  it('refuses bad amounts with a clear message and creates nothing', async () => {
    const p = await signUp(t.app);
    const cases: [string, number, string][] = [
      ['19.9999', 4001, '最低充值金额为20 USDT'],
      ['0', 2001, '金额'],
      ['-50', 2001, '负数'],
      ['abc', 2001, '数字'],
      ['1e3', 2001, '数字'],
      ['100.00001', 4003, '4位小数'],
      ['100000.0001', 4002, '100000'],
    ];
    for (const [amount, code, text] of cases) {
      const res = body(await recharge(p.auth, amount));
      expect(res.code, amount).toBe(code);
      expect(res.error?.message, amount).toContain(text);
    }
    const missing = await postForm(t.app, '/api/plat/recharge', {}, p.auth);
    expect(missing.statusCode).toBe(400);
    const unsigned = await postForm(t.app, '/api/plat/recharge', { amount: '50' });
    expect(unsigned.statusCode).toBe(401);
    const records = body<{ total: number }>(
      await t.app.inject({ method: 'POST', url: '/api/plat/inout-records', headers: { ...FORM, ...p.auth } }),
    );
    expect(records.result.total).toBe(0);
  });

  it('refuses a caller from a denied country (decision 18)', async () => {
    const p = await signUp(t.app);
    const res = body(await recharge(p.auth, '50', { 'cf-ipcountry': 'CN' }));
    expect(res.code).toBe(1013);
    expect(body(await recharge(p.auth, '50', { 'cf-ipcountry': 'SG' })).code).toBe(200);
  });

  it('expires orders after their minutes and frees their amount for the next order', async () => {
    const p = await signUp(t.app);
    const q = await signUp(t.app);
    const first = body<Order>(await recharge(p.auth, '77'));
    expect(first.result.actual_amount).toBe('77.0000');
    t.clock.advance(15 * 60_000);
    expect((await orderState(p.auth, first.result.order_id)).result.status).toBe(3);
    const next = body<Order>(await recharge(q.auth, '77'));
    expect(next.result.actual_amount).toBe('77.0000');
    // The expired order no longer counts as open: the player may order the same amount again.
    const renewed = body<Order>(await recharge(p.auth, '77'));
    expect(renewed.result.order_id).not.toBe(first.result.order_id);
    expect(renewed.result.actual_amount).toBe('77.0001');

    // The last 7 days (range 3), not today: the two orders are 15 minutes apart, and a run shortly before
    // midnight in UTC+8 puts them on two days (CI failed so at 23:43 UTC+8).
    const records = body<{ list: { id: string; status: number; type: number; channel: string }[] }>(
      await postForm(t.app, '/api/plat/inout-records', { range: 3 }, p.auth),
    );
    expect(records.result.list.map((r) => [r.id, r.status])).toEqual([
      [renewed.result.order_id, 2],
      [first.result.order_id, 3],
    ]);
    expect(records.result.list[0]).toMatchObject({ type: 1, channel: 'USDT-TRC20' });
  });

  it('keeps deposit limits: lowering at once, raising after 24 hours, and refuses orders above them', async () => {
    const p = await signUp(t.app);
    const set = (fields: Record<string, string>) =>
      postForm(t.app, '/api/plat/deposit-limits/set', fields, p.auth);
    type Limit = { period: string; limit: string | null; pending: boolean; pending_limit: string | null };
    const day = (res: { result: { limits: Limit[] } }) => res.result.limits.find((l) => l.period === 'day')!;

    const lowered = body<{ limits: Limit[] }>(await set({ day: '50' }));
    expect(day(lowered)).toMatchObject({ limit: '50.0000', pending: false });
    const refused = body(await recharge(p.auth, '60'));
    expect(refused.code).toBe(4006);
    expect(refused.error?.message).toContain('每日');
    expect(body(await recharge(p.auth, '30')).code).toBe(200);
    // The open order's amount counts against the limit, so a second order cannot pass it.
    expect(body(await recharge(p.auth, '25')).code).toBe(4006);

    const raised = body<{ limits: Limit[] }>(await set({ day: '500' }));
    expect(day(raised)).toMatchObject({ limit: '50.0000', pending: true, pending_limit: '500.0000' });
    expect(body(await recharge(p.auth, '25')).code).toBe(4006);
    t.clock.advance(24 * 3_600_000);
    const read = body<{ limits: Limit[] }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/deposit-limits',
        headers: { ...FORM, ...p.auth },
      }),
    );
    expect(day(read)).toMatchObject({ limit: '500.0000', pending: false });
    expect(body(await recharge(p.auth, '25')).code).toBe(200);

    expect(body(await set({ week: 'lots' })).code).toBe(4008);
    expect((await set({})).statusCode).toBe(400);
    const removed = body<{ limits: Limit[] }>(await set({ day: '' }));
    expect(day(removed)).toMatchObject({ limit: '500.0000', pending: true, pending_limit: null });
  });
});
