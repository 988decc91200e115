import { describe, expect, it } from 'vitest';
import { PAYOUT_KEY, sandboxForEachTest, testSandbox, type TestSandbox } from '../testing';
import { randomAddress } from '../tron/address';

describe('sandbox payout rail', () => {
  let s: TestSandbox;
  sandboxForEachTest((sandbox) => (s = sandbox));

  const send = (body: Record<string, string>, key = PAYOUT_KEY, timeoutMs = 10_000) =>
    fetch(`${s.url}/payout/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).then(s.json);
  const query = (key: string) => s.grid(`/payout/transfers/${key}`, { 'x-api-key': PAYOUT_KEY });
  const incoming = async (to: string) =>
    (await s.grid(`/v1/accounts/${to}/transactions/trc20?only_to=true`)).body.data as {
      transaction_id: string;
      value: string;
      from: string;
    }[];

  it('sends USDT from the hot wallet once, answers the tx hash, and reports sent then confirmed', async () => {
    const to = randomAddress();
    const wallet = (await s.grid('/payout/wallet', { 'x-api-key': PAYOUT_KEY })).body;
    const first = await send({ idempotency_key: 'w-1', to_address: to, amount: '50' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      idempotency_key: 'w-1',
      status: 'sent',
      amount: '50',
      to_address: to,
    });
    expect(first.body.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    await s.control('/control/tron/mine', { blocks: 1 });
    expect(await incoming(to)).toEqual([
      expect.objectContaining({
        transaction_id: first.body.tx_hash,
        value: '50000000',
        from: wallet.address,
      }),
    ]);
    await s.control('/control/tron/mine', { blocks: 3 });
    expect((await query('w-1')).body).toMatchObject({
      status: 'confirmed',
      tx_hash: first.body.tx_hash,
      block_number: 1,
    });
    expect((await s.grid('/payout/wallet', { 'x-api-key': PAYOUT_KEY })).body.balance).toBe(
      String(Number(wallet.balance) - 50),
    );
  });

  it('never sends twice for one key: repeats, 50 concurrent requests, and a changed request', async () => {
    const to = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send({ idempotency_key: 'w-2', to_address: to, amount: '10.5' })),
    );
    const hashes = new Set(answers.map((a) => a.body.tx_hash));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(hashes.size).toBe(1);
    expect((await send({ idempotency_key: 'w-2', to_address: to, amount: '10.5' })).body.tx_hash).toBe(
      [...hashes][0],
    );
    // The short spellings name the same payout.
    expect((await send({ key: 'w-2', to, amount: '10.500000' })).body.tx_hash).toBe([...hashes][0]);
    const changed = await send({ idempotency_key: 'w-2', to_address: to, amount: '11' });
    expect([changed.status, changed.body.error.code]).toEqual([409, 'KEY_CONFLICT']);
    await s.control('/control/tron/mine', { blocks: 1 });
    expect(await incoming(to)).toHaveLength(1);
  });

  it('a timed-out request sends at most once, and the query tells what happened', async () => {
    const to = randomAddress();
    await s.control('/control/payout/faults', { timeout_next: 1, timeout_ms: 600 });
    await expect(
      send({ idempotency_key: 'w-3', to_address: to, amount: '5' }, PAYOUT_KEY, 150),
    ).rejects.toThrow();
    // While the rail still holds the request, nothing is known of the key.
    expect((await query('w-3')).status).toBe(404);
    // The caller retries with the same key before the slow request finishes: one transfer in the end.
    const retry = await send({ idempotency_key: 'w-3', to_address: to, amount: '5' });
    expect(retry.status).toBe(200);
    await new Promise((r) => setTimeout(r, 700));
    await s.control('/control/tron/mine', { blocks: 1 });
    expect(await incoming(to)).toHaveLength(1);
    expect((await query('w-3')).body.tx_hash).toBe(retry.body.tx_hash);
  });

  it('a failed request sends nothing; a dropped answer sent the transfer, and the query finds it', async () => {
    const to = randomAddress();
    await s.control('/control/payout/faults', { fail_next: 1, fail_status: 503 });
    expect((await send({ idempotency_key: 'w-4', to_address: to, amount: '7' })).status).toBe(503);
    expect((await query('w-4')).status).toBe(404);

    await s.control('/control/payout/faults', { drop_answer_next: 1 });
    await expect(send({ idempotency_key: 'w-4', to_address: to, amount: '7' })).rejects.toThrow();
    const found = await query('w-4');
    expect(found.body).toMatchObject({ status: 'sent', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const again = await send({ idempotency_key: 'w-4', to_address: to, amount: '7' });
    expect(again.body.tx_hash).toBe(found.body.tx_hash);
    await s.control('/control/tron/mine', { blocks: 1 });
    expect((await incoming(to)).map((r) => r.transaction_id)).toEqual([found.body.tx_hash]);
  });

  it('reports a definite failure (rejected, or the hot wallet cannot cover it) with no transfer, for good', async () => {
    const to = randomAddress();
    await s.control('/control/payout/faults', { reject_next: 1 });
    const rejected = await send({ idempotency_key: 'w-5', to_address: to, amount: '1' });
    expect(rejected.body).toMatchObject({ status: 'failed', tx_hash: null, reason: expect.any(String) });
    expect((await send({ idempotency_key: 'w-5', to_address: to, amount: '1' })).body.status).toBe('failed');

    await s.control('/control/payout/drain', {});
    const poor = await send({ idempotency_key: 'w-6', to_address: to, amount: '1' });
    expect(poor.body).toMatchObject({ status: 'failed', reason: 'hot wallet balance too low' });
    await s.control('/control/payout/fund', { amount: '100' });
    // The key stays failed; a new key pays.
    expect((await send({ idempotency_key: 'w-6', to_address: to, amount: '1' })).body.status).toBe('failed');
    expect((await send({ idempotency_key: 'w-7', to_address: to, amount: '1' })).body.status).toBe('sent');
    await s.control('/control/tron/mine', { blocks: 1 });
    expect(await incoming(to)).toHaveLength(1);
  });

  it('injects status-query faults (400, 404, 500, a garbled body, a delay) without touching the payout', async () => {
    const to = randomAddress();
    const sent = await send({ idempotency_key: 'w-10', to_address: to, amount: '2' });
    const raw = (timeoutMs = 10_000) =>
      fetch(`${s.url}/payout/transfers/w-10`, {
        headers: { 'x-api-key': PAYOUT_KEY },
        signal: AbortSignal.timeout(timeoutMs),
      });
    for (const status of [400, 404, 500]) {
      await s.control('/control/payout/faults', { query_fail_next: 1, query_fail_status: status });
      const faulty = await raw();
      expect(faulty.status).toBe(status);
      // Not the documented NOT_FOUND: a caller cannot read it as "never received".
      expect(await faulty.json()).toMatchObject({ error: { code: 'QUERY_FAULT' } });
    }
    await s.control('/control/payout/faults', { query_garbage_next: 1 });
    const garbled = await raw();
    expect(garbled.status).toBe(200);
    await expect(garbled.json()).rejects.toThrow();
    await s.control('/control/payout/faults', { query_delay_next: 1, query_delay_ms: 400 });
    const started = Date.now();
    await expect(raw(100)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 400));
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // The faults are spent; the payout itself never changed.
    expect((await query('w-10')).body).toMatchObject({ status: 'sent', tx_hash: sent.body.tx_hash });
  });

  it('checks the key and the request', async () => {
    const to = randomAddress();
    expect((await send({ idempotency_key: 'w-8', to_address: to, amount: '1' }, 'wrong-key')).status).toBe(
      401,
    );
    expect((await s.grid('/payout/transfers/w-8', {})).status).toBe(401);
    const bads: Record<string, string>[] = [
      { idempotency_key: 'w 8', to_address: to, amount: '1' },
      { idempotency_key: 'w-8', to_address: to.slice(0, -1) + (to.endsWith('a') ? 'b' : 'a'), amount: '1' },
      { idempotency_key: 'w-8', to_address: to, amount: '0' },
      { idempotency_key: 'w-8', to_address: to, amount: '1.1234567' },
    ];
    for (const bad of bads) expect((await send(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await query('w-8')).status).toBe(404);
  });

  it('remembers every key across a restart', async () => {
    const to = randomAddress();
    const first = await send({ idempotency_key: 'w-9', to_address: to, amount: '3' });
    const dir = s.dataDir;
    await s.app.close();
    const again = await testSandbox({}, dir);
    try {
      const res = await fetch(`${again.url}/payout/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': PAYOUT_KEY },
        body: JSON.stringify({ idempotency_key: 'w-9', to_address: to, amount: '3' }),
      });
      expect(((await res.json()) as { tx_hash: string }).tx_hash).toBe(first.body.tx_hash);
      await again.control('/control/tron/mine', { blocks: 1 });
      const records = await again.grid(`/v1/accounts/${to}/transactions/trc20`);
      expect(records.body.data).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
