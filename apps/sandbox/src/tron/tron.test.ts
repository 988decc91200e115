import { describe, expect, it } from 'vitest';
import { sandboxForEachTest, testSandbox, type TestSandbox } from '../testing';
import { isTronAddress, randomAddress, ZERO_ADDRESS } from './address';
import { createChain, InsufficientBalance } from './chain';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('sandbox TRON node (TronGrid wire)', () => {
  let s: TestSandbox;
  sandboxForEachTest((sandbox) => (s = sandbox));

  const trc20 = (address: string, query = '') => s.grid(`/v1/accounts/${address}/transactions/trc20${query}`);
  const pay = async (body: Record<string, unknown>) => {
    const res = await s.control('/control/tron/pay', body);
    expect(res.status).toBe(200);
    return res.body as { transaction_id: string; from: string; head: number };
  };

  it('shows a transfer unconfirmed after its block and confirmed after the configured depth', async () => {
    const to = randomAddress();
    const { transaction_id, from } = await pay({ to, amount: '25.5' });
    expect(isTronAddress(from)).toBe(true);
    // Pending (not in a block yet): TronGrid shows nothing.
    expect((await trc20(to)).body.data).toEqual([]);

    await s.control('/control/tron/mine', { blocks: 1 });
    const unconfirmed = await trc20(to);
    expect(unconfirmed.body.data).toHaveLength(1);
    expect(unconfirmed.body.data[0]).toEqual({
      transaction_id,
      token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
      block_timestamp: expect.any(Number),
      from,
      to,
      type: 'Transfer',
      value: '25500000',
    });
    expect((await trc20(to, '?only_confirmed=true')).body.data).toEqual([]);
    expect((await trc20(to, '?only_unconfirmed=true')).body.data).toHaveLength(1);

    await s.control('/control/tron/mine', { blocks: 2 });
    expect((await trc20(to, '?only_confirmed=true')).body.data).toEqual([]);
    await s.control('/control/tron/mine', { blocks: 1 });
    const confirmed = await trc20(to, '?only_confirmed=true');
    expect(confirmed.body.data.map((r: { transaction_id: string }) => r.transaction_id)).toEqual([
      transaction_id,
    ]);
    expect((await trc20(to, '?only_unconfirmed=true')).body.data).toEqual([]);
    expect((await trc20(to, '?only_confirmed=true&only_unconfirmed=true')).status).toBe(400);
  });

  it('pages with fingerprints in both orders, losing and repeating nothing while blocks keep coming', async () => {
    const to = randomAddress();
    const sent: string[] = [];
    for (let i = 1; i <= 45; i += 1) {
      sent.push((await pay({ to, amount: String(i), mine: i % 4 === 0 ? 1 : 0 })).transaction_id);
    }
    await s.control('/control/tron/mine', { blocks: 1 });

    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let res = await trc20(to, `?limit=20&order_by=block_timestamp,${order}`);
      for (let pages = 1; ; pages += 1) {
        expect(res.status).toBe(200);
        expect(res.body.meta.page_size).toBe(res.body.data.length);
        seen.push(...res.body.data.map((r: { transaction_id: string }) => r.transaction_id));
        if (!res.body.meta.links) {
          expect(res.body.meta.fingerprint).toBeUndefined();
          expect(pages).toBe(3);
          break;
        }
        // A new transfer arriving between pages must not shift the pages already promised.
        await pay({ to: randomAddress(), amount: '1', mine: 1 });
        const next = new URL(res.body.meta.links.next);
        expect(next.searchParams.get('fingerprint')).toBe(res.body.meta.fingerprint);
        expect(next.searchParams.get('order_by')).toBe(`block_timestamp,${order}`);
        res = await s.grid(next.pathname + next.search);
      }
      expect(seen).toEqual(order === 'asc' ? sent : [...sent].reverse());
    }
    const values = (await trc20(to, '?limit=200&order_by=block_timestamp,asc')).body.data.map(
      (r: { value: string }) => r.value,
    );
    expect(values).toEqual(sent.map((_, i) => String((i + 1) * 1_000_000)));
  });

  it('refuses bad parameters with TronGrid’s error shape', async () => {
    const to = randomAddress();
    for (const query of [
      '?limit=201',
      '?limit=0',
      '?limit=x',
      '?order_by=value,asc',
      '?fingerprint=nope',
      '?min_timestamp=x',
      '?contract_address=Tnope',
    ]) {
      const res = await trc20(to, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, error: expect.any(String) });
    }
    // A base58 address with a broken checksum is not an address.
    const broken = to.slice(0, -1) + (to.endsWith('a') ? 'b' : 'a');
    expect((await trc20(broken)).status).toBe(400);
    expect((await trc20('0xdAC17F958D2ee523a2206206994597C13D831ec7')).status).toBe(400);
  });

  it('filters by direction, token contract and time, and takes hex addresses', async () => {
    const me = randomAddress();
    const other = randomAddress();
    const incoming = await pay({ to: me, amount: '10', mine: 1 });
    const fake = await pay({ to: me, amount: '10', token: 'lookalike', mine: 1 });
    const outgoing = await pay({ from: me, to: other, amount: '3', mine: 1 });
    const ids = (res: { body: { data: { transaction_id: string }[] } }) =>
      res.body.data.map((r) => r.transaction_id).sort();

    const all = await trc20(me);
    expect(ids(all)).toEqual([incoming, fake, outgoing].map((t) => t.transaction_id).sort());
    const lookalike = all.body.data.find(
      (r: { transaction_id: string }) => r.transaction_id === fake.transaction_id,
    );
    expect(lookalike.token_info.symbol).toBe('USDT');
    expect(lookalike.token_info.address).not.toBe(USDT);

    expect(ids(await trc20(me, `?contract_address=${USDT}`))).toEqual(
      [incoming.transaction_id, outgoing.transaction_id].sort(),
    );
    expect(ids(await trc20(me, `?only_to=true&contract_address=${USDT}`))).toEqual([incoming.transaction_id]);
    expect(ids(await trc20(me, '?only_from=true'))).toEqual([outgoing.transaction_id]);
    // only_to and only_from together are not exclusive: both directions.
    expect(ids(await trc20(me, '?only_to=true&only_from=true'))).toEqual(ids(all));

    const times = all.body.data.map((r: { block_timestamp: number }) => r.block_timestamp).sort();
    expect(ids(await trc20(me, `?min_timestamp=${times[2]}`))).toHaveLength(1);
    expect(ids(await trc20(me, `?max_timestamp=${times[0]}`))).toHaveLength(1);
    expect(ids(await trc20(me, `?minTimestamp=${times[1]}&maxTimestamp=${times[1]}`))).toHaveLength(1);

    const { default: bs58check } = await import('bs58check');
    const hex = Buffer.from(bs58check.decode(me)).toString('hex');
    expect(ids(await trc20(hex))).toEqual(ids(all));
  });

  it('lists each Transfer event of a batch transaction as its own record, with event_index from the events API', async () => {
    const a = randomAddress();
    const b = randomAddress();
    const { transaction_id } = await pay({
      transfers: [
        { to: a, amount: '1' },
        { to: b, amount: '2' },
        { to: a, amount: '1' },
      ],
      mine: 1,
    });
    const records = (await trc20(a)).body.data;
    expect(
      records.map((r: { transaction_id: string; value: string }) => [r.transaction_id, r.value]),
    ).toEqual([
      [transaction_id, '1000000'],
      [transaction_id, '1000000'],
    ]);
    const events = await s.grid(`/v1/transactions/${transaction_id}/events`);
    expect(
      events.body.data.map((e: { event_index: number; result: { value: string } }) => [
        e.event_index,
        e.result.value,
      ]),
    ).toEqual([
      [0, '1000000'],
      [1, '2000000'],
      [2, '1000000'],
    ]);
    expect(events.body.data[0]).toMatchObject({
      event_name: 'Transfer',
      contract_address: USDT,
      _unconfirmed: true,
      transaction_id,
    });
    expect(events.body.data[0].result.to).toMatch(/^0x[0-9a-f]{40}$/);
    await s.control('/control/tron/mine', { blocks: 3 });
    expect(
      (await s.grid(`/v1/transactions/${transaction_id}/events`)).body.data[0]._unconfirmed,
    ).toBeUndefined();
  });

  it('reports the head and the solidified head like /wallet/getnowblock', async () => {
    await s.control('/control/tron/mine', { blocks: 7 });
    const head = await s.grid('/wallet/getnowblock');
    expect(head.body.block_header.raw_data.number).toBe(7);
    expect(head.body.blockID).toMatch(/^0{15}7[0-9a-f]{48}$/);
    const solid = await fetch(`${s.url}/walletsolidity/getnowblock`, {
      method: 'POST',
      headers: { 'TRON-PRO-API-KEY': 'tron-key-for-tests' },
    });
    expect(
      ((await solid.json()) as { block_header: { raw_data: { number: number } } }).block_header.raw_data
        .number,
    ).toBe(4);
  });

  it('requires the TRON-PRO-API-KEY when one is configured', async () => {
    const to = randomAddress();
    for (const headers of [{}, { 'TRON-PRO-API-KEY': 'wrong' }] as Record<string, string>[]) {
      const res = await s.grid(`/v1/accounts/${to}/transactions/trc20`, headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, statusCode: 401 });
    }
    expect((await trc20(to)).status).toBe(200);
  });

  it('answers 429, 5xx, late answers and duplicate records for exactly as many calls as told', async () => {
    const to = randomAddress();
    await pay({ to, amount: '5', mine: 1 });
    await s.control('/control/tron/faults', { fail_next: 2 });
    expect((await trc20(to)).status).toBe(429);
    expect((await trc20(to)).status).toBe(429);
    expect((await trc20(to)).status).toBe(200);

    await s.control('/control/tron/faults', { fail_next: 1, fail_status: 503 });
    expect((await trc20(to)).status).toBe(503);

    await s.control('/control/tron/faults', { timeout_next: 1, timeout_ms: 400 });
    const started = Date.now();
    await expect(
      fetch(`${s.url}/v1/accounts/${to}/transactions/trc20`, {
        headers: { 'TRON-PRO-API-KEY': 'tron-key-for-tests' },
        signal: AbortSignal.timeout(150),
      }),
    ).rejects.toThrow();
    expect((await trc20(to)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);

    await s.control('/control/tron/faults', { duplicate_next: 1 });
    const doubled = (await trc20(to)).body.data;
    expect(doubled).toHaveLength(2);
    expect(doubled[0]).toEqual(doubled[1]);
    expect((await trc20(to)).body.data).toHaveLength(1);
    expect((await s.control('/control/tron/stats')).body.calls).toBe(8);
  });

  it('keeps the chain across a restart: same records, same head, confirmations never go back', async () => {
    const to = randomAddress();
    const { transaction_id } = await pay({ to, amount: '7', mine: 5 });
    const before = (await trc20(to, '?only_confirmed=true')).body.data;
    expect(before).toHaveLength(1);
    const dir = s.dataDir;
    await s.app.close();

    const again = await testSandbox({}, dir);
    try {
      const after = await again.grid(`/v1/accounts/${to}/transactions/trc20?only_confirmed=true`);
      expect(after.body.data).toEqual(before);
      expect((await again.grid('/wallet/getnowblock')).body.block_header.raw_data.number).toBe(5);
      expect(await (await fetch(`${again.url}/tron/tx/${transaction_id}`)).json()).toMatchObject({
        confirmed: true,
        block_number: 1,
      });
      // Balances were rebuilt from the log: the receiver can spend what it got, and no more.
      const spend = await again.control('/control/tron/pay', {
        from: to,
        to: randomAddress(),
        amount: '7',
        mine: 1,
      });
      expect(spend.status).toBe(200);
      expect(
        (await again.grid(`/v1/accounts/${to}/transactions/trc20?only_from=true`)).body.data,
      ).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('guards control with the secret and the wallet page escapes its prefill', async () => {
    const res = await fetch(`${s.url}/control/tron/mine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const page = await (await fetch(`${s.url}/tron/wallet?to=%3Cscript%3E&amount=12.5`)).text();
    expect(page).toContain('value="12.5"');
    expect(page).not.toContain('<script>"');
    expect(page).toContain('&#60;script&#62;');

    const to = randomAddress();
    const sent = await fetch(`${s.url}/tron/wallet/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, amount: '3' }),
    });
    expect(sent.status).toBe(200);
    for (const bad of [
      { to: 'Tnope', amount: '1' },
      { to, amount: '-1' },
      { to, amount: '0' },
      { to, amount: '1', token: 'doge' },
      {},
    ]) {
      const r = await fetch(`${s.url}/tron/wallet/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bad),
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('sandbox chain', () => {
  it('never lets a sender spend more than it holds, and mints only from the zero address', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-chain-'));
    try {
      const chain = createChain({ dataDir: dir, confirmations: 2, usdtContract: USDT });
      const a = randomAddress();
      const b = randomAddress();
      chain.submit([{ token: USDT, from: ZERO_ADDRESS, to: a, value: 10n }]);
      expect(() =>
        chain.submit([
          { token: USDT, from: a, to: b, value: 6n },
          { token: USDT, from: a, to: b, value: 6n },
        ]),
      ).toThrow(InsufficientBalance);
      expect(chain.balanceOf(USDT, a)).toBe(10n);
      chain.submit([{ token: USDT, from: a, to: b, value: 10n }]);
      expect(() => chain.submit([{ token: USDT, from: a, to: b, value: 1n }])).toThrow(InsufficientBalance);
      expect(() => chain.submit([{ token: USDT, from: a, to: b, value: 0n }])).toThrow();
      expect(() => chain.submit([{ token: b, from: ZERO_ADDRESS, to: b, value: 1n }])).toThrow(
        'unknown token',
      );
      expect([chain.balanceOf(USDT, a), chain.balanceOf(USDT, b)]).toEqual([0n, 10n]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
