import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loopbackReceiver, PAYMENT_SECRET, testSandbox, until, type TestSandbox } from '../testing';
import { canonical, sign, signed, verify } from './signature';

/** A merchant's notify endpoint: records every notification and answers `success` unless told otherwise. */
async function merchant() {
  const endpoint = await loopbackReceiver<Record<string, string>>('/notify');
  endpoint.answer(200, 'success');
  return endpoint;
}

let nonce = 0;
function orderFields(notifyUrl: string, over: Record<string, string> = {}) {
  nonce += 1;
  return {
    merchant_id: 'koi',
    merchant_order_id: `order-${Date.now()}-${nonce}`,
    amount: '100.50',
    currency: 'CNY',
    notify_url: notifyUrl,
    return_url: 'https://koi.example/deposit/done',
    timestamp: String(Date.now()),
    nonce: `nonce${Date.now()}${nonce}`,
    ...over,
  };
}

describe('sandbox payment channel', () => {
  let s: TestSandbox;
  let m: Awaited<ReturnType<typeof merchant>>;
  beforeEach(async () => {
    s = await testSandbox();
    m = await merchant();
    await s.control('/control/payments/settings', { repeats: 3, spread_ms: 50, retry_ms: [50, 50, 50] });
  });
  afterEach(async () => {
    await s.close();
    await m.close();
  });

  const create = (fields: Record<string, string>, secret = PAYMENT_SECRET) =>
    fetch(`${s.url}/payments/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed(secret, fields)),
    }).then(s.json);
  const query = (id: string, over: Record<string, string> = {}) => {
    nonce += 1;
    const q = { merchant_id: 'koi', timestamp: String(Date.now()), nonce: `q${Date.now()}${nonce}`, ...over };
    const sig = sign(PAYMENT_SECRET, { ...q, channel_order_id: id });
    return s.grid(`/payments/orders/${id}?${new URLSearchParams({ ...q, sign: sig })}`, {});
  };

  it('signs a canonical string of the sorted non-empty fields', () => {
    const fields = { b: '2', a: '1', empty: '', sign: 'ignored', n: 'x=y' };
    expect(canonical(fields)).toBe('a=1&b=2&n=x=y');
    const withSign = signed('k'.repeat(16), { b: '2', a: '1' });
    expect(withSign.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(verify('k'.repeat(16), withSign)).toBe(true);
    expect(verify('k'.repeat(16), { ...withSign, a: '9' })).toBe(false);
    expect(verify('other-secret-1234', withSign)).toBe(false);
  });

  it('creates an order, pays it on the hosted page, and notifies several times with valid signatures', async () => {
    const fields = orderFields(m.url);
    const created = await create(fields);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      merchant_order_id: fields.merchant_order_id,
      status: 'pending',
      amount: '100.50',
    });
    expect(verify(PAYMENT_SECRET, created.body)).toBe(true);
    const id = created.body.channel_order_id as string;
    expect(created.body.pay_url).toBe(`http://localhost:${new URL(s.url).port}/payments/pay/${id}`);

    const page = await (await fetch(`${s.url}/payments/pay/${id}`)).text();
    expect(page).toContain('100.50');
    expect(page).toContain(fields.merchant_order_id);

    const paid = await fetch(`${s.url}/payments/pay/${id}/confirm`, { method: 'POST' }).then(s.json);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.return_url).toContain(`merchant_order_id=${fields.merchant_order_id}`);
    // Paying twice changes nothing and sends nothing new.
    expect(
      (await fetch(`${s.url}/payments/pay/${id}/cancel`, { method: 'POST' }).then(s.json)).body.status,
    ).toBe('paid');

    await until(() => m.received.length >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(m.received).toHaveLength(3);
    for (const { body: n } of m.received) {
      expect(verify(PAYMENT_SECRET, n)).toBe(true);
      expect(n).toMatchObject({
        channel_order_id: id,
        status: 'paid',
        amount: '100.50',
        currency: 'CNY',
        notify_id: `N${id}`,
      });
    }
    expect(new Set(m.received.map(({ body: n }) => n.nonce)).size).toBe(3);

    const status = await query(id);
    expect(status.status).toBe(200);
    expect(verify(PAYMENT_SECRET, status.body)).toBe(true);
    expect(status.body).toMatchObject({ status: 'paid', merchant_order_id: fields.merchant_order_id });
  });

  it('retries an unacknowledged notification until the merchant answers success', async () => {
    m.answer(500, 'busy');
    await s.control('/control/payments/settings', { repeats: 1 });
    const id = (await create(orderFields(m.url))).body.channel_order_id;
    await s.control(`/control/payments/orders/${id}/pay`, {});
    await until(() => m.received.length >= 2);
    m.answer(200, 'success');
    await until(() => m.received.length >= 3);
    const count = m.received.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(m.received.length).toBe(count);
    const log = (await s.control(`/control/payments/notifications?channel_order_id=${id}`)).body;
    expect(log.map((d: { status: number }) => d.status)).toEqual([500, 500, 200]);
  });

  it('interleaves notifications of different orders', async () => {
    await s.control('/control/payments/settings', { repeats: 4, spread_ms: 200 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await create(orderFields(m.url))).body.channel_order_id);
    for (const id of ids) await s.control(`/control/payments/orders/${id}/pay`, {});
    await until(() => m.received.length >= 16, 3000).catch(() => {
      throw new Error(
        `only ${m.received.length}: ${JSON.stringify(m.received.map(({ body: n }) => n.channel_order_id))}`,
      );
    });
    const order = m.received.map(({ body: n }) => n.channel_order_id);
    const grouped = ids.flatMap((id) => order.filter((o) => o === id));
    // With random delays the arrival order is not the payment order grouped by order (chance ≈ 0).
    expect(order).not.toEqual(grouped);
  });

  it('sends a cancelled notification for a cancelled order, and expires nothing early', async () => {
    const id = (await create(orderFields(m.url))).body.channel_order_id;
    expect((await query(id)).body.status).toBe('pending');
    await fetch(`${s.url}/payments/pay/${id}/cancel`, { method: 'POST' });
    await until(() => m.received.length >= 1);
    expect(m.received[0]!.body).toMatchObject({ status: 'cancelled', paid_at: '' });
    expect((await query(id)).body.status).toBe('cancelled');
  });

  it('refuses bad signatures, stale timestamps, replayed nonces, other merchants and malformed orders', async () => {
    const fields = orderFields(m.url);
    expect((await create(fields, 'a-wrong-secret-123')).body.error.code).toBe('BAD_SIGNATURE');
    const tampered = { ...signed(PAYMENT_SECRET, fields), amount: '1000.50' };
    const res = await fetch(`${s.url}/payments/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tampered),
    }).then(s.json);
    expect([res.status, res.body.error.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect(
      (await create(orderFields(m.url, { timestamp: String(Date.now() - 10 * 60_000) }))).body.error.code,
    ).toBe('STALE_TIMESTAMP');
    expect((await create(orderFields(m.url, { merchant_id: 'someone' }))).body.error.code).toBe(
      'UNKNOWN_MERCHANT',
    );
    const bads: Record<string, string>[] = [
      { amount: '-1' },
      { amount: '0' },
      { amount: '1.1234567' },
      { currency: 'usdt' },
      { notify_url: 'ftp://x' },
      { merchant_order_id: 'has space' },
    ];
    for (const bad of bads) {
      const r = await create(orderFields(m.url, bad));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
    }
    const once = orderFields(m.url);
    expect((await create(once)).status).toBe(200);
    expect((await create(once)).body.error.code).toBe('REPLAYED_NONCE');
  });

  it('answers the same order for a repeated merchant order id, and refuses it with another amount', async () => {
    const fields = orderFields(m.url);
    const first = await create(fields);
    const again = await create({ ...fields, nonce: `${fields.nonce}x`, timestamp: String(Date.now()) });
    expect(again.body.channel_order_id).toBe(first.body.channel_order_id);
    const other = await create({ ...fields, nonce: `${fields.nonce}y`, amount: '5' });
    expect([other.status, other.body.error.code]).toEqual([409, 'ORDER_CONFLICT']);
  });

  it('refuses a status query with a signature made for another order', async () => {
    const a = (await create(orderFields(m.url))).body.channel_order_id;
    const b = (await create(orderFields(m.url))).body.channel_order_id;
    const q = { merchant_id: 'koi', timestamp: String(Date.now()), nonce: 'movedsignature1' };
    const sigForA = sign(PAYMENT_SECRET, { ...q, channel_order_id: a });
    const res = await s.grid(`/payments/orders/${b}?${new URLSearchParams({ ...q, sign: sigForA })}`, {});
    expect([res.status, res.body.error.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect((await query('SBXnope')).status).toBe(404);
  });

  it('sends forged notifications on request: each one detectably wrong', async () => {
    await s.control('/control/payments/settings', { repeats: 1 });
    const fields = orderFields(m.url);
    const id = (await create(fields)).body.channel_order_id;
    const forge = async (kind: string) => {
      const res = await s.control(`/control/payments/orders/${id}/forge`, { kind });
      expect(res.status, kind).toBe(200);
      return res.body.body as Record<string, string>;
    };
    expect((await s.control(`/control/payments/orders/${id}/forge`, { kind: 'replay' })).status).toBe(409);
    expect(verify(PAYMENT_SECRET, await forge('bad_signature'))).toBe(false);
    const tampered = await forge('tampered_amount');
    expect([verify(PAYMENT_SECRET, tampered), tampered.amount]).toEqual([false, '1005.00']);
    const wrongAmount = await forge('signed_wrong_amount');
    expect([verify(PAYMENT_SECRET, wrongAmount), wrongAmount.amount]).toEqual([true, '1005.00']);
    expect((await forge('signed_wrong_currency')).currency).toBe('USDT');
    const unknown = await forge('unknown_order');
    expect([verify(PAYMENT_SECRET, unknown), unknown.channel_order_id === id]).toEqual([true, false]);
    const unpaid = await forge('signed_unpaid');
    expect(unpaid.status).toBe('paid');
    expect((await query(id)).body.status).toBe('pending');

    await s.control(`/control/payments/orders/${id}/pay`, {});
    const genuineLog = async () =>
      (
        (await s.control(`/control/payments/notifications?channel_order_id=${id}`)).body as {
          kind: string;
          body: Record<string, string>;
        }[]
      ).filter((d) => d.kind === 'genuine');
    for (let i = 0; (await genuineLog()).length === 0; i += 1) {
      if (i > 100) throw new Error('no genuine notification');
      await new Promise((r) => setTimeout(r, 50));
    }
    const replay = await forge('replay');
    expect(replay).toEqual((await genuineLog())[0]!.body);
    expect((await s.control(`/control/payments/orders/${id}/forge`, { kind: 'nonsense' })).status).toBe(400);
  });

  it('keeps orders across a restart and re-sends notifications never acknowledged', async () => {
    m.answer(503, 'down');
    await s.control('/control/payments/settings', { repeats: 1, retry_ms: [] });
    const id = (await create(orderFields(m.url))).body.channel_order_id;
    await s.control(`/control/payments/orders/${id}/pay`, {});
    await until(() => m.received.length >= 1);
    const dir = s.dataDir;
    await s.app.close();
    m.answer(200, 'success');
    const again = await testSandbox({}, dir);
    try {
      await until(() => m.received.length >= 2);
      expect(m.received[1]!.body).toMatchObject({ channel_order_id: id, status: 'paid' });
      expect((await again.control(`/control/payments/orders/${id}`)).body).toMatchObject({
        status: 'paid',
        acknowledged: true,
      });
    } finally {
      await again.close();
    }
  });
});
