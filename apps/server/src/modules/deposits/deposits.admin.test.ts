import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import bs58check from 'bs58check';
import { body, signUp, useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { type SignedInOperator, useOperators } from '../operators/operators.fixtures';
import { createAuthService } from '../auth/auth.service';
import { createDomainEvents, type DomainEvents } from '../events';
import { createDepositsAdmin } from './deposits.admin';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { randomTronAddress, sandboxWatcher } from './deposits.fixtures';
import { createDepositsService } from './deposits.service';
import { createDepositsRepository } from './deposits.repository';
import { chainTransfers, DepositOrderStatus, depositOrders } from './deposits.schema';
import { DISABLED_LATE_MS, type ChainWatcher } from './deposits.watcher';

/**
 * The console's deposits area over HTTP on the current database leg, against the sandbox
 * TRON node as a real process: the receiving-address pool, permissions, the unmatched queue's match /
 * approve / reject / refund / ignore, races, and the end to end case (a payment after expiry lands in the
 * queue and an operator match credits it once). Matches above 100 USDT need a second operator here.
 */

const sb = useSandbox();
const t = useTestApp(() => ({
  ...sb.koiConfig,
  deposits: { ...testConfig().deposits, addresses: [], matchApprovalAboveMicro: 100_000_000n },
}));
// Signed in before the beforeAll below (hooks run in order), so its syncClock comes after their TOTP clock steps.
const ops = useOperators(t, {
  financeA: 'finance',
  financeB: 'finance',
  support: 'support',
  viewer: 'viewer',
});
let wallet: WalletService;
let watcher: ChainWatcher;
type Op = SignedInOperator;
const home = randomTronAddress();

beforeAll(async () => {
  wallet = createWalletService({ db: t.database.db, clock: t.clock });
  watcher = sandboxWatcher(t, sb, wallet);
  syncClock();
  const added = await post('/api/admin/deposits/addresses', ops.financeA, {
    address: home,
    reason: 'main pool',
  });
  expect(body(added).code).toBe(200);
});

const post = (url: string, op: Op | null, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: op?.auth ?? {}, payload });
const get = (url: string, op: Op | null) => t.app.inject({ method: 'GET', url, headers: op?.auth ?? {} });
const expectLedgerClean = async () => expect(await wallet.verify()).toEqual([]);
const available = async (playerId: number) => (await wallet.balancesOf(playerId))[0]!.availableMicro;

type AddressRow = { id: number; address: string; enabled: boolean; open_orders: number };
type Unmatched = {
  id: number;
  status: string;
  reason: string;
  amount: string;
  tx_id: string;
  order_no: string | null;
  likely_player: { id: number; username: string } | null;
  order_player: { id: number; username: string } | null;
  match_player: { id: number; username: string } | null;
  requested_by: string | null;
  needs_approval: boolean;
  refund_reference: string | null;
};

async function newPlayer() {
  const p = await signUp(t.app);
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from players where username = ${p.username}`,
  );
  return { ...p, id: row!.id, auth: { authorization: `Bearer ${p.token}` } };
}

async function recharge(p: { auth: Record<string, string> }, amount: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plat/recharge',
    headers: p.auth,
    payload: { amount },
  });
  const b = body<{ order_id: string; address: string; actual_amount: string }>(res);
  expect(b.code, res.body).toBe(200);
  return b.result;
}

const pay = (to: string, amount: string, extra: Record<string, unknown> = {}) =>
  sb.control('/control/tron/pay', { body: { to, amount, mine: 4, ...extra } }) as Promise<{
    transaction_id: string;
    from: string;
  }>;

/**
 * Orders are matched by the sandbox chain's block times (real time) against order lifetimes (the test clock),
 * so the test clock is kept just behind real time; operator sign-ins move it forward by TOTP steps.
 */
function syncClock() {
  t.clock.advance(Date.now() - 1000 - t.clock.now().getTime());
}

/** Runs the watcher twice, out of any backoff an earlier fault left. */
async function watch() {
  syncClock();
  for (let i = 0; i < 2; i += 1) {
    await t.database.db.execute(sql`update chain_cursors set backoff_until = null`);
    await watcher.watchOnce();
  }
}

async function queueRowOf(txId: string): Promise<Unmatched> {
  const list = body<{ data: Unmatched[] }>(
    await get('/api/admin/deposits/unmatched?status=all&size=100', ops.viewer),
  );
  const row = list.result.data.find((u) => u.tx_id === txId);
  if (!row) throw new Error(`no queue row for ${txId}`);
  return row;
}

/** A payment that matches no order: a fresh queue row of `amount`. */
async function strayPayment(amount: string) {
  const paid = await pay(home, amount);
  await watch();
  return queueRowOf(paid.transaction_id);
}

async function auditRows(action: string, targetId?: string | number) {
  return queryRows<{
    action: string;
    outcome: string;
    reason: string;
    operator_username: string;
    after: unknown;
  }>(
    t.database.db,
    sql`select action, outcome, reason, operator_username, after from operator_audit
        where action = ${action} ${targetId === undefined ? sql`` : sql`and target_id = ${String(targetId)}`}
        order by seq`,
  );
}

describe('receiving-address pool', () => {
  it('refuses every malformed address with a clear message and changes nothing', async () => {
    const valid = randomTronAddress();
    const flipped = valid.slice(0, 20) + (valid[20] === 'a' ? 'b' : 'a') + valid.slice(21);
    // A base58check payload with the wrong version byte (an Ethereum-style 0x00 prefix) is not TRON.
    const wrongPrefix = bs58check.encode(Buffer.concat([Buffer.from([0x00]), Buffer.alloc(20, 7)]));
    const cases = [
      valid.slice(0, 33),
      `${valid}1`,
      `A${valid.slice(1)}`,
      flipped,
      wrongPrefix,
      'T0OIl' + valid.slice(5),
    ];
    for (const address of cases) {
      const res = body(await post('/api/admin/deposits/addresses', ops.financeA, { address, reason: 'x' }));
      expect(res, address).toMatchObject({
        code: 4012,
        error: { message: 'TRON地址格式不正确（T开头的34位地址）' },
      });
    }
    const dup = body(
      await post('/api/admin/deposits/addresses', ops.financeA, { address: home, reason: 'again' }),
    );
    expect(dup).toMatchObject({ code: 4013 });
    // Schema refusals: missing reason, empty address, over-long label, unknown fields.
    for (const payload of [
      { address: valid },
      { address: '', reason: 'x' },
      { address: valid, reason: 'x', label: 'l'.repeat(65) },
      { address: valid, reason: 'x', enabled: true },
    ]) {
      const res = await post('/api/admin/deposits/addresses', ops.financeA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const list = body<{ data: AddressRow[] }>(await get('/api/admin/deposits/addresses', ops.viewer)).result
      .data;
    expect(list.map((a) => a.address)).toEqual([home]);
  });

  it('adds, disables and enables addresses (audited); orders pick enabled addresses only; a disabled address is still watched', async () => {
    const second = randomTronAddress();
    const added = body<AddressRow>(
      await post('/api/admin/deposits/addresses', ops.financeA, {
        address: ` ${second} `,
        label: 'hot 2',
        reason: 'capacity',
      }),
    );
    expect(added.result).toMatchObject({ address: second, enabled: true, open_orders: 0 });
    expect((await auditRows('deposit.address_add', second)).at(-1)).toMatchObject({
      outcome: 'ok',
      reason: 'capacity',
      operator_username: ops.financeA.username,
    });
    const homeId = body<{ data: AddressRow[] }>(
      await get('/api/admin/deposits/addresses', ops.viewer),
    ).result.data.find((a) => a.address === home)!.id;
    // A player with an open order on `home`; then `home` is disabled.
    const p = await newPlayer();
    const beforeDisable = [];
    for (const amount of ['21', '22', '23']) beforeDisable.push(await recharge(p, amount));
    const onHome = beforeDisable.find((o) => o.address === home)!;
    expect(onHome?.address).toBe(home);
    const off = body<AddressRow>(
      await post(`/api/admin/deposits/addresses/${homeId}/disable`, ops.financeA, { reason: 'rotate' }),
    );
    expect(off.result.enabled).toBe(false);
    expect((await auditRows('deposit.address_disable', homeId)).at(-1)).toMatchObject({ reason: 'rotate' });
    // New orders go to the enabled address only.
    const q = await newPlayer();
    for (const amount of ['30', '31', '32']) expect((await recharge(q, amount)).address).toBe(second);
    // The open order on the disabled address is still paid and credited.
    await pay(home, onHome.actual_amount);
    await watch();
    expect(await available(p.id)).toBe(BigInt(Math.round(Number(onHome.actual_amount) * 1e6)));
    // Both disabled: no address for new orders.
    const secondId = added.result.id;
    await post(`/api/admin/deposits/addresses/${secondId}/disable`, ops.financeB, { reason: 'maintenance' });
    const r = await newPlayer();
    const none = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/recharge',
        headers: r.auth,
        payload: { amount: '40' },
      }),
    );
    expect(none).toMatchObject({ code: 4005 });
    const on = body<AddressRow>(
      await post(`/api/admin/deposits/addresses/${homeId}/enable`, ops.financeB, { reason: 'back' }),
    );
    expect(on.result.enabled).toBe(true);
    expect((await recharge(r, '40')).address).toBe(home);
    expect(
      body(await post('/api/admin/deposits/addresses/999999/enable', ops.financeA, { reason: 'x' })),
    ).toMatchObject({
      code: 4040,
    });
    expect((await post(`/api/admin/deposits/addresses/${homeId}/enable`, ops.financeA, {})).statusCode).toBe(
      400,
    );
    await expectLedgerClean();
  });

  it('seeds DEPOSIT_ADDRESSES idempotently and never re-enables an address an operator disabled', async () => {
    const seeded = randomTronAddress();
    const base = testConfig({ ...sb.koiConfig });
    const deposits = { ...base.deposits, addresses: [seeded] };
    // What app start-up does with DEPOSIT_ADDRESSES, twice (two restarts).
    const mod = {
      service: createDepositsService({
        db: t.database.db,
        clock: t.clock,
        config: { ...base, deposits },
        gate: { assertMayPlay: async () => {} },
      }),
    };
    await mod.service.ensureAddresses([seeded]);
    await mod.service.ensureAddresses([seeded]);
    const list = body<{ data: AddressRow[] }>(await get('/api/admin/deposits/addresses', ops.viewer)).result
      .data;
    const row = list.filter((a) => a.address === seeded);
    expect(row).toHaveLength(1);
    await post(`/api/admin/deposits/addresses/${row[0]!.id}/disable`, ops.financeA, { reason: 'retired' });
    await mod.service.ensureAddresses([seeded]);
    const again = body<{ data: AddressRow[] }>(await get('/api/admin/deposits/addresses', ops.viewer)).result
      .data;
    expect(again.find((a) => a.address === seeded)!.enabled).toBe(false);
    // The last character changed breaks the checksum (a different one each time: the address may end in x).
    const broken = seeded.slice(0, 33) + (seeded.endsWith('x') ? 'y' : 'x');
    await expect(mod.service.ensureAddresses([broken])).rejects.toThrow(/not a valid TRON address/);
  });
});

describe('permissions', () => {
  const reads = [
    '/api/admin/deposits/addresses',
    '/api/admin/deposits/orders',
    '/api/admin/deposits/transfers',
    '/api/admin/deposits/unmatched',
    '/api/admin/deposits/watcher',
  ];
  const writes: [string, Record<string, unknown>][] = [
    ['/api/admin/deposits/addresses', { address: randomTronAddress(), reason: 'x' }],
    ['/api/admin/deposits/addresses/1/disable', { reason: 'x' }],
    ['/api/admin/deposits/addresses/1/enable', { reason: 'x' }],
    ['/api/admin/deposits/unmatched/1/match', { player_id: 1, reason: 'x' }],
    ['/api/admin/deposits/unmatched/1/approve', { reason: 'x' }],
    ['/api/admin/deposits/unmatched/1/reject', { reason: 'x' }],
    ['/api/admin/deposits/unmatched/1/refund', { reference: 'r', reason: 'x' }],
    ['/api/admin/deposits/unmatched/1/ignore', { reason: 'x' }],
  ];

  it('support (no deposits area) is refused everything with 403, and each refusal is audited', async () => {
    for (const url of reads) {
      const res = await get(url, ops.support);
      expect(res.statusCode, url).toBe(403);
      expect(body(res).code).not.toBe(200);
    }
    for (const [url, payload] of writes)
      expect((await post(url, ops.support, payload)).statusCode, url).toBe(403);
    const denied = (await auditRows('permission.denied')).filter(
      (r) => r.operator_username === ops.support.username,
    );
    expect(denied.length).toBe(reads.length + writes.length);
    expect(denied[0]).toMatchObject({ outcome: 'denied', reason: 'missing deposits:read' });
    expect(denied.at(-1)).toMatchObject({ reason: 'missing deposits:write' });
  });

  it('viewer reads but cannot write; no token answers 401', async () => {
    for (const url of reads) expect((await get(url, ops.viewer)).statusCode, url).toBe(200);
    for (const [url, payload] of writes)
      expect((await post(url, ops.viewer, payload)).statusCode, url).toBe(403);
    for (const url of reads) expect((await get(url, null)).statusCode, url).toBe(401);
    expect((await post(writes[0]![0], null, writes[0]![1])).statusCode).toBe(401);
  });
});

describe('the unmatched queue', () => {
  it('Done when: the same amount paid after the order expired lands in the queue with the likely player; an operator match credits it once', async () => {
    const p = await newPlayer();
    // First a deposit in time from the player's wallet, so the sender is known to fund this player.
    const first = await recharge(p, '50');
    const funded = await pay(first.address, first.actual_amount);
    await watch();
    expect(await available(p.id)).toBe(50_000_000n);
    // An order made 20 minutes ago (15-minute lifetime) is paid now, with the exact amount, from the same wallet.
    t.clock.advance(-20 * 60_000);
    const late = await recharge(p, '60');
    t.clock.advance(20 * 60_000);
    const paid = await pay(late.address, late.actual_amount, { from: funded.from });
    await watch();
    expect(await available(p.id)).toBe(50_000_000n);
    const row = await queueRowOf(paid.transaction_id);
    expect(row).toMatchObject({
      status: 'queued',
      reason: 'late',
      order_no: late.order_id,
      amount: '60.000000',
      likely_player: { id: p.id, username: p.username },
      order_player: { id: p.id },
      needs_approval: false,
    });
    // The order reads expired; the transfer reads unmatched.
    const orders = body<{ data: { order_no: string; status: string }[] }>(
      await get(`/api/admin/deposits/orders?player=${p.username}`, ops.viewer),
    ).result.data;
    expect(orders.find((o) => o.order_no === late.order_id)!.status).toBe('expired');
    expect(orders.find((o) => o.order_no === first.order_id)!.status).toBe('completed');
    const transfers = body<{
      data: { status: string; unmatched_status: string; player_id: number | null }[];
    }>(await get(`/api/admin/deposits/transfers?tx_id=${paid.transaction_id}`, ops.viewer)).result.data;
    expect(transfers).toMatchObject([{ status: 'unmatched', unmatched_status: 'queued', player_id: null }]);
    // Reason is required; an unknown player is refused.
    expect(
      (await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeA, { player_id: p.id }))
        .statusCode,
    ).toBe(400);
    expect(
      body(
        await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeA, {
          player_id: 99999999,
          reason: 'x',
        }),
      ),
    ).toMatchObject({ code: 2007 });
    const matched = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeA, {
        player_id: p.id,
        reason: 'late payment, same wallet',
      }),
    );
    expect(matched.result).toMatchObject({ status: 'matched', match_player: { id: p.id } });
    expect(await available(p.id)).toBe(110_000_000n);
    const again = body(
      await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeB, {
        player_id: p.id,
        reason: 'again',
      }),
    );
    expect(again).toMatchObject({ code: 4015, error: { message: '该到账记录已处理' } });
    expect(await available(p.id)).toBe(110_000_000n);
    // Decision 23: the watcher's credit and the operator's match each added 1× their amount of turnover, once.
    const requirements = await queryRows<{ source_id: string; required_micro: string }>(
      t.database.db,
      sql`select source_id, required_micro::text from turnover_requirements where player_id = ${p.id}
          order by id`,
    );
    expect(requirements).toEqual([
      { source_id: `trc20:${first.order_id}`, required_micro: '50000000' },
      { source_id: `unmatched:${row.id}`, required_micro: '60000000' },
    ]);
    // The ledger transfer carries the key derived from the chain transfer.
    const [ledger] = await queryRows<{ key: string; n: number }>(
      t.database.db,
      sql`select min(idempotency_key) as key, count(*)::int as n from ledger_transfers
          where reference_type = 'deposit_unmatched' and reference_id = ${String(row.id)}`,
    );
    expect(ledger).toMatchObject({ n: 1 });
    expect(ledger!.key).toMatch(new RegExp(`^deposit:tron:${paid.transaction_id}:`));
    expect((await auditRows('deposit.match', row.id)).at(-1)).toMatchObject({
      reason: 'late payment, same wallet',
    });
    const after = body<{ data: { status: string; unmatched_status: string; player_id: number | null }[] }>(
      await get(`/api/admin/deposits/transfers?tx_id=${paid.transaction_id}`, ops.viewer),
    ).result.data;
    expect(after).toMatchObject([{ unmatched_status: 'matched', player_id: p.id }]);
    await expectLedgerClean();
  }, 60_000);

  it('above the approval amount a second, different operator must approve; reject returns it to the queue', async () => {
    const p = await newPlayer();
    const row = await strayPayment('150.5');
    expect(row.needs_approval).toBe(true);
    const asked = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeA, {
        player_id: p.id,
        reason: 'ticket 1',
      }),
    );
    expect(asked.result).toMatchObject({
      status: 'awaiting_approval',
      requested_by: ops.financeA.username,
      match_player: { id: p.id },
    });
    expect(await available(p.id)).toBe(0n);
    // The requester cannot approve their own match: refused and audited as a refused attempt.
    const self = body(
      await post(`/api/admin/deposits/unmatched/${row.id}/approve`, ops.financeA, { reason: 'me' }),
    );
    expect(self).toMatchObject({ code: 4016 });
    expect((await auditRows('permission.denied')).at(-1)).toMatchObject({
      operator_username: ops.financeA.username,
      reason: 'UNMATCHED_SECOND_OPERATOR',
    });
    // While awaiting, nothing else may resolve it.
    for (const [verb, payload] of [
      ['match', { player_id: p.id, reason: 'x' }],
      ['refund', { reference: 'x', reason: 'x' }],
      ['ignore', { reason: 'x' }],
    ] as const) {
      expect(
        body(await post(`/api/admin/deposits/unmatched/${row.id}/${verb}`, ops.financeB, payload)),
      ).toMatchObject({ code: 4041 });
    }
    // Rejected: back in the queue, nothing credited.
    const rejected = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${row.id}/reject`, ops.financeB, { reason: 'wrong player' }),
    );
    expect(rejected.result).toMatchObject({ status: 'queued', match_player: null, requested_by: null });
    expect(
      body(await post(`/api/admin/deposits/unmatched/${row.id}/approve`, ops.financeB, { reason: 'x' })),
    ).toMatchObject({ code: 4042 });
    // Asked again and approved by the other operator: credited once.
    await post(`/api/admin/deposits/unmatched/${row.id}/match`, ops.financeA, {
      player_id: p.id,
      reason: 'ticket 2',
    });
    const approved = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${row.id}/approve`, ops.financeB, { reason: 'checked' }),
    );
    expect(approved.result).toMatchObject({ status: 'matched', match_player: { id: p.id } });
    expect(await available(p.id)).toBe(150_500_000n);
    expect(
      body(await post(`/api/admin/deposits/unmatched/${row.id}/approve`, ops.financeA, { reason: 'x' })),
    ).toMatchObject({ code: 4015 });
    expect(await available(p.id)).toBe(150_500_000n);
    expect((await auditRows('deposit.approve', row.id)).map((r) => r.operator_username)).toEqual([
      ops.financeB.username,
    ]);
    expect((await auditRows('deposit.reject', row.id)).map((r) => r.reason)).toEqual(['wrong player']);
    await expectLedgerClean();
  }, 60_000);

  it('refund records the reference and reason; ignore records the reason; both are final and audited', async () => {
    const a = await strayPayment('77.7');
    expect(
      (await post(`/api/admin/deposits/unmatched/${a.id}/refund`, ops.financeA, { reason: 'sender asked' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(`/api/admin/deposits/unmatched/${a.id}/refund`, ops.financeA, {
          reference: '',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const refunded = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${a.id}/refund`, ops.financeA, {
        reference: 'a'.repeat(64),
        reason: 'sender asked',
      }),
    );
    expect(refunded.result).toMatchObject({ status: 'refunded', refund_reference: 'a'.repeat(64) });
    expect((await auditRows('deposit.refund', a.id)).at(-1)).toMatchObject({ reason: 'sender asked' });
    const b = await strayPayment('12.34');
    expect((await post(`/api/admin/deposits/unmatched/${b.id}/ignore`, ops.financeA, {})).statusCode).toBe(
      400,
    );
    const ignored = body<Unmatched>(
      await post(`/api/admin/deposits/unmatched/${b.id}/ignore`, ops.financeA, { reason: 'dust test' }),
    );
    expect(ignored.result.status).toBe('ignored');
    for (const id of [a.id, b.id]) {
      const p = await newPlayer();
      expect(
        body(
          await post(`/api/admin/deposits/unmatched/${id}/match`, ops.financeB, {
            player_id: p.id,
            reason: 'x',
          }),
        ),
      ).toMatchObject({ code: 4015 });
      expect(await available(p.id)).toBe(0n);
    }
    expect(
      body(await post('/api/admin/deposits/unmatched/99999999/ignore', ops.financeA, { reason: 'x' })),
    ).toMatchObject({ code: 4014 });
    // The open filter no longer lists them; the refunded filter does.
    const open = body<{ data: Unmatched[] }>(await get('/api/admin/deposits/unmatched?size=100', ops.viewer))
      .result.data;
    expect(open.some((u) => u.id === a.id || u.id === b.id)).toBe(false);
    const refundedList = body<{ data: Unmatched[] }>(
      await get('/api/admin/deposits/unmatched?status=refunded', ops.viewer),
    ).result.data;
    expect(refundedList.map((u) => u.id)).toContain(a.id);
    await expectLedgerClean();
  }, 60_000);

  it('50 concurrent match calls credit once (repeated 3 times); 50 concurrent approvals credit once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await newPlayer();
      const row = await strayPayment(`${20 + round}.25`);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post(`/api/admin/deposits/unmatched/${row.id}/match`, i % 2 ? ops.financeA : ops.financeB, {
            player_id: p.id,
            reason: `race ${i}`,
          }),
        ),
      );
      const codes = results.map((r) => body(r).code);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 4015)).toHaveLength(49);
      expect(await available(p.id)).toBe(BigInt((20 + round) * 1e6 + 250_000));
      expect(await auditRows('deposit.match', row.id)).toHaveLength(1);
    }
    const p = await newPlayer();
    const big = await strayPayment('500');
    await post(`/api/admin/deposits/unmatched/${big.id}/match`, ops.financeA, {
      player_id: p.id,
      reason: 'big',
    });
    const approvals = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(`/api/admin/deposits/unmatched/${big.id}/approve`, ops.financeB, { reason: 'ok' }),
      ),
    );
    expect(approvals.filter((r) => body(r).code === 200)).toHaveLength(1);
    expect(await available(p.id)).toBe(500_000_000n);
    await expectLedgerClean();
  }, 120_000);
});

describe('deposit.credited from operators', () => {
  it('announces a match once after its credit commits, under 20 racing matches and 20 racing approvals', async () => {
    const bus = createDomainEvents({ error: () => undefined });
    const heard: DomainEvents['deposit.credited'][] = [];
    bus.on('deposit.credited', (fact) => void heard.push(fact));
    // The console's deposits service as app.ts builds it, announcing through the bus.
    const admin = createDepositsAdmin({
      db: t.database.db,
      clock: t.clock,
      config: testConfig({ ...sb.koiConfig, deposits: t.app.koi.config.deposits }),
      wallet,
      turnover: turnoverForTests(t.database, t.clock),
      watching: false,
      players: createAuthService({ db: t.database.db, config: t.app.koi.config, clock: t.clock }),
      onCredited: (fact) => bus.emit('deposit.credited', fact),
    });
    const noAudit = async () => undefined;
    const actor = (operatorId: number) => ({ operatorId, username: `op${operatorId}` });
    const p = await newPlayer();
    const small = await strayPayment('33.5');
    const matches = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => admin.match(small.id, p.id, actor(i + 1), 'race', noAudit)),
    );
    expect(matches.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // Above the approval amount: the request announces nothing, the one approval that credits announces it.
    const big = await strayPayment('250');
    await admin.match(big.id, p.id, actor(1), 'big', noAudit);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toHaveLength(1);
    const approvals = await Promise.allSettled(
      Array.from({ length: 20 }, () => admin.approve(big.id, actor(2), 'ok', noAudit)),
    );
    expect(approvals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([
      { playerId: p.id, amountMicro: 33_500_000n, source: 'operator' },
      { playerId: p.id, amountMicro: 250_000_000n, source: 'operator' },
    ]);
    expect(await available(p.id)).toBe(283_500_000n);
    await expectLedgerClean();
  }, 120_000);
});

describe('orders, transfers and the watcher', () => {
  it('filters orders by status, player, time and pages them', async () => {
    const p = await newPlayer();
    await recharge(p, '25');
    await recharge(p, '26');
    const all = body<{ data: { username: string; status: string }[]; total: number }>(
      await get(`/api/admin/deposits/orders?player=${p.id}&size=1&page=2`, ops.viewer),
    );
    expect(all.result.total).toBe(2);
    expect(all.result.data).toHaveLength(1);
    expect(all.result.data[0]).toMatchObject({ username: p.username, status: 'pending' });
    const completed = body<{ total: number }>(
      await get(`/api/admin/deposits/orders?player=${p.id}&status=completed`, ops.viewer),
    );
    expect(completed.result.total).toBe(0);
    const future = body<{ total: number }>(
      await get(
        `/api/admin/deposits/orders?player=${p.id}&from=${new Date(t.clock.now().getTime() + 3_600_000).toISOString()}`,
        ops.viewer,
      ),
    );
    expect(future.result.total).toBe(0);
    expect(
      body<{ total: number }>(await get('/api/admin/deposits/orders?player=nobody_here_x', ops.viewer)).result
        .total,
    ).toBe(0);
    expect((await get('/api/admin/deposits/orders?status=paid', ops.viewer)).statusCode).toBe(400);
    expect((await get('/api/admin/deposits/orders?size=101', ops.viewer)).statusCode).toBe(400);
    expect(body(await get('/api/admin/deposits/orders?from=yesterday', ops.viewer))).toMatchObject({
      code: 400,
    });
  });

  it('shows each address with its cursor, last poll, lag and last error', async () => {
    await watch();
    await sb.control('/control/tron/faults', { body: { fail_next: 1, fail_status: 503 } });
    t.clock.advance(61_000);
    await watcher.watchOnce();
    const w = body<{
      running: boolean;
      data: {
        address: string;
        lag_seconds: number | null;
        failures: number;
        last_error: string | null;
        min_timestamp: string | null;
      }[];
    }>(await get('/api/admin/deposits/watcher', ops.viewer));
    const row = w.result.data.find((a) => a.address === home)!;
    expect(row).toMatchObject({ failures: 1, last_error: 'TronGrid HTTP 503' });
    expect(row.lag_seconds).toBeGreaterThanOrEqual(61);
    expect(row.min_timestamp).not.toBeNull();
    expect(w.result.running).toBe(false);
    syncClock();
    t.clock.advance(120_000);
    await t.database.db.execute(sql`update chain_cursors set backoff_until = null`);
    await watcher.watchOnce();
    const ok = body<{
      data: { address: string; failures: number; last_error: string | null; lag_seconds: number }[];
    }>(await get('/api/admin/deposits/watcher', ops.viewer)).result.data.find((a) => a.address === home)!;
    expect(ok).toMatchObject({ failures: 0, last_error: null, lag_seconds: 0 });
  });
});

describe('disabled receiving addresses and the chain watcher', () => {
  it('polls a disabled address only while money may still come for an order, and again once enabled', async () => {
    syncClock();
    const now = t.clock.now().getTime();
    const hour = 3_600_000;
    const db = t.database.db;
    const add = async (label: string) => {
      const address = randomTronAddress();
      const row = body<AddressRow>(
        await post('/api/admin/deposits/addresses', ops.financeA, { address, reason: label }),
      );
      return { address, id: row.result.id };
    };
    const disable = (id: number) =>
      post(`/api/admin/deposits/addresses/${id}/disable`, ops.financeA, { reason: 'retired' });
    const player = await newPlayer();
    const order = (a: { address: string; id: number }, status: number, expiresAt: number) =>
      db.insert(depositOrders).values({
        orderNo: `TEST${a.id}-${status}-${expiresAt}`,
        playerId: player.id,
        addressId: a.id,
        address: a.address,
        amountMicro: 20_000_000n,
        actualAmountMicro: 20_000_000n + BigInt(a.id),
        status,
        createdAt: new Date(expiresAt - 15 * 60_000),
        expiresAt: new Date(expiresAt),
      });
    const idle = await add('idle');
    const open = await add('open order');
    const recent = await add('order expired an hour ago');
    const old = await add('order expired two days ago');
    const seen = await add('unconfirmed transfer');
    for (const a of [idle, open, recent, old, seen]) expect(body(await disable(a.id)).code).toBe(200);
    await order(open, DepositOrderStatus.PENDING, now + 10 * 60_000);
    await order(recent, DepositOrderStatus.EXPIRED, now - hour);
    await order(old, DepositOrderStatus.EXPIRED, now - 48 * hour);
    await order(old, DepositOrderStatus.COMPLETED, now - 47 * hour);
    await db.insert(chainTransfers).values({
      txId: randomBytes(32).toString('hex'),
      eventKey: '0',
      tokenContract: sb.koiConfig.tron.usdtContract,
      tokenSymbol: 'USDT',
      fromAddress: randomTronAddress(),
      toAddress: seen.address,
      amountMicro: 5_000_000n,
      blockTimestamp: new Date(now - 60_000),
      confirmed: false,
      firstSeenAt: new Date(now - 60_000),
    });
    const watched = new Set(
      (await createDepositsRepository(db).addressesToWatch(new Date(now - DISABLED_LATE_MS))).map(
        (a) => a.address,
      ),
    );
    expect(watched.has(home)).toBe(true);
    expect([idle, open, recent, old, seen].map((a) => watched.has(a.address))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);

    // What the watcher actually asks the chain about: each polled address's cursor records the poll.
    await watch();
    const polled = async (address: string) =>
      (
        await queryRows<{ polled: boolean }>(
          db,
          sql`select last_polled_at is not null polled from chain_cursors where address = ${address}`,
        )
      )[0]?.polled ?? false;
    expect(await polled(home)).toBe(true);
    expect(await polled(open.address)).toBe(true);
    expect(await polled(recent.address)).toBe(true);
    expect(await polled(seen.address)).toBe(true);
    expect(await polled(idle.address)).toBe(false);
    expect(await polled(old.address)).toBe(false);

    // Enabled again, the idle address is polled (from its cursor: nothing in between is lost).
    await post(`/api/admin/deposits/addresses/${idle.id}/enable`, ops.financeA, { reason: 'back' });
    await watch();
    expect(await polled(idle.address)).toBe(true);
  });
});
