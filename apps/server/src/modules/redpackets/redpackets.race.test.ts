import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemAccount, toMicro } from '@koi/ledger';
import { createWalletTestDatabase } from '../../../test/wallet';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { WalletService } from '../wallet';
import { independentSplit, redPacketsHarness, sha256 } from './redpackets.fixtures';

/**
 * Red packets against the real database (both legs): races of many grabbers, the money of every close, the
 * hold a grabber needs, and closes that run twice or crash half way.
 */
let database: Database;
let wallet: WalletService;
let h: ReturnType<typeof redPacketsHarness>;

beforeAll(async () => {
  ({ database, wallet } = await createWalletTestDatabase());
  h = redPacketsHarness(database, wallet);
});
afterAll(() => database?.close());

const RACERS = 50;
const ROUNDS = 4;
const keyOf = (e: unknown) => (e instanceof AppError ? e.key : String(e));

describe('red packets under concurrency', () => {
  it(`gives a 5-share packet to exactly 5 of ${RACERS} concurrent grabbers, conserves money and keeps the ledger sound (${ROUNDS} rounds)`, async () => {
    const room = await h.room({ mineMultiple: '1.8', feeRate: '5' });
    for (let round = 0; round < ROUNDS; round++) {
      const [sender] = await h.players(1, '100');
      const grabbers = await h.players(RACERS, '20');
      const everyone = [sender!, ...grabbers];
      const before = new Map(
        await Promise.all(everyone.map(async (id) => [id, (await h.balance(id)).posted] as const)),
      );
      const houseBefore = await h.systemTotal(SystemAccount.HOUSE);
      const escrowBefore = await h.systemTotal(SystemAccount.RED_PACKET_ESCROW);

      const sent = await h.send(sender!, room.id, {
        total: '10',
        shares: '5',
        mineDigit: String((round % 9) + 1),
      });
      const outcomes = await Promise.allSettled(grabbers.map((id) => h.service.grab(id, sent.packet.id)));

      const through = outcomes.filter((o) => o.status === 'fulfilled');
      expect(through).toHaveLength(5);
      const refusals = outcomes.filter((o) => o.status === 'rejected').map((o) => keyOf(o.reason));
      for (const key of refusals) expect(['RED_PACKET_ALL_GRABBED', 'RED_PACKET_CLOSED']).toContain(key);

      // The last grab closed it: every movement posted, the seed revealed.
      const closed = await h.service.view(sent.packet.id);
      expect(closed.packet.state).toBe(2);
      expect(closed.grabs.map((g) => g.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(closed.grabs.map((g) => g.playerId)).size).toBe(5);
      const shares = closed.grabs.map((g) => g.shareMicro);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(toMicro('10'));
      expect(closed.packet.refundedMicro).toBe(0n);

      // Exactly what each one gained or paid, to the micro-USDT.
      const payment = toMicro('18');
      const fee = (payment * 500n) / 10_000n;
      let senderDelta = -toMicro('10');
      for (const g of closed.grabs) {
        const after = await h.balance(g.playerId);
        expect(after.held).toBe(0n);
        expect(after.posted - before.get(g.playerId)!).toBe(g.shareMicro - (g.mineHit ? payment : 0n));
        if (g.mineHit) senderDelta += payment - fee;
      }
      expect((await h.balance(sender!)).posted - before.get(sender!)!).toBe(senderDelta);
      for (const id of grabbers.filter((g) => !closed.grabs.some((x) => x.playerId === g))) {
        expect(await h.balance(id)).toEqual({
          posted: before.get(id)!,
          held: 0n,
          available: before.get(id)!,
        });
      }
      const hits = BigInt(closed.grabs.filter((g) => g.mineHit).length);
      expect((await h.systemTotal(SystemAccount.HOUSE)) - houseBefore).toBe(hits * fee);
      expect(await h.systemTotal(SystemAccount.RED_PACKET_ESCROW)).toBe(escrowBefore);
      // Money conserved: what the players lost together is exactly the house's fee.
      let players = 0n;
      for (const id of everyone) players += (await h.balance(id)).posted - before.get(id)!;
      expect(players).toBe(-hits * fee);
    }
    expect(await wallet.verify()).toEqual([]);
  }, 240_000);

  it(`shares a 10-share packet among ${RACERS} grabbers racing from two nodes (each its own queues, the row lock between them), ${ROUNDS} rounds`, async () => {
    const room = await h.room({ mineMultiple: '1.5', feeRate: '5' });
    // A second service is a second node: its own in-process queues of grabs and closes, the same database.
    const nodes = [h.service, h.build()];
    const escrowBefore = await h.systemTotal(SystemAccount.RED_PACKET_ESCROW);
    for (let round = 0; round < ROUNDS; round++) {
      const [sender] = await h.players(1, '100');
      const grabbers = await h.players(RACERS, '20');
      const sent = await h.send(sender!, room.id, { total: '10', shares: '10', mineDigit: '3' });
      const outcomes = await Promise.allSettled(
        grabbers.map((id, i) => nodes[i % 2]!.grab(id, sent.packet.id)),
      );
      const through = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      expect(through).toHaveLength(10);
      expect(through.every((o) => !o.repeated)).toBe(true);
      // Both nodes took shares: the row lock, not one process's queue, ordered them.
      const byNode = (n: number) => through.filter((o) => grabbers.indexOf(o.grab.playerId) % 2 === n);
      expect(byNode(0).length).toBeGreaterThan(0);
      expect(byNode(1).length).toBeGreaterThan(0);
      for (const o of outcomes.filter((x) => x.status === 'rejected'))
        expect(['RED_PACKET_ALL_GRABBED', 'RED_PACKET_CLOSED']).toContain(keyOf(o.reason));

      const closed = await h.service.view(sent.packet.id);
      expect(closed.packet.state).toBe(2);
      expect(closed.grabs.map((g) => g.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(new Set(closed.grabs.map((g) => g.playerId)).size).toBe(10);
      expect(closed.grabs.reduce((a, g) => a + g.shareMicro, 0n)).toBe(toMicro('10'));
      // Nobody who was refused is left holding the mine payment, and no grabber holds it after the close.
      for (const id of grabbers) expect((await h.balance(id)).held).toBe(0n);
      // A grabber asking again, on the other node, is answered with the first grab.
      const first = closed.grabs[0]!;
      const other = nodes[(grabbers.indexOf(first.playerId) + 1) % 2]!;
      const again = await other.grab(first.playerId, sent.packet.id);
      expect(again.repeated).toBe(true);
      expect(again.grab.seq).toBe(first.seq);
    }
    expect(await h.systemTotal(SystemAccount.RED_PACKET_ESCROW)).toBe(escrowBefore);
    expect(await wallet.verify()).toEqual([]);
  }, 240_000);

  it('answers the late grabbers of a spent packet on every node, and a retry with the packet as it is now', async () => {
    const room = await h.room({});
    // Node A takes the shares but cannot close (its close dies before commit), so the packet stays spent
    // and open, as it is for the moments between a last grab and its close; node B only answers late grabbers.
    const failingClose = {
      ...wallet,
      transfersIn: async () => {
        throw new Error('process died');
      },
    };
    const a = h.build(failingClose);
    const b = h.build();
    const [sender] = await h.players(1, '100');
    const grabbers = await h.players(5, '20');
    const late = await h.players(3, '20');
    const sent = await h.send(sender!, room.id, { total: '10', shares: '5', mineDigit: '4' });
    for (const id of grabbers) await a.grab(id, sent.packet.id);
    expect((await h.service.view(sent.packet.id)).packet).toMatchObject({ state: 1, grabbed: 5 });

    // B reads the spent row once and refuses from it; the sender is told it is their own packet.
    for (const id of late)
      expect(keyOf(await b.grab(id, sent.packet.id).catch((e: unknown) => e))).toBe('RED_PACKET_ALL_GRABBED');
    expect(keyOf(await b.grab(sender!, sent.packet.id).catch((e: unknown) => e))).toBe('RED_PACKET_OWN');
    // A grabber's retry on B is their first grab, from a row B reads again: still open, seed hidden.
    const retried = await b.grab(grabbers[2]!, sent.packet.id);
    expect([retried.repeated, retried.grab.seq, retried.view.packet.state]).toEqual([true, 3, 1]);

    // Another node closes it. B still refuses the late grabbers (all taken, which stays true), and a retry
    // there shows the packet closed, with the seed, not the open row B saw before.
    expect(await h.service.closeOne(sent.packet.id)).toBe(true);
    expect(keyOf(await b.grab(late[0]!, sent.packet.id).catch((e: unknown) => e))).toBe(
      'RED_PACKET_ALL_GRABBED',
    );
    const afterClose = await b.grab(grabbers[2]!, sent.packet.id);
    expect(afterClose.repeated).toBe(true);
    expect(afterClose.view.packet.state).toBe(2);
    expect(sha256(afterClose.view.packet.serverSeed)).toBe(sent.packet.serverSeedHash);
    // On the node that closed it, and on a node that first sees it closed, a late grab is told it closed.
    const c = h.build();
    for (const node of [h.service, c, c])
      expect(keyOf(await node.grab(late[1]!, sent.packet.id).catch((e: unknown) => e))).toBe(
        'RED_PACKET_CLOSED',
      );
    // A retry on the node that remembers the closed row is answered from it.
    const fromClosed = await c.grab(grabbers[4]!, sent.packet.id);
    expect([fromClosed.repeated, fromClosed.grab.seq, fromClosed.view.packet.state]).toEqual([true, 5, 2]);
    for (const id of [...grabbers, ...late]) expect((await h.balance(id)).held).toBe(0n);
    expect(await wallet.verify()).toEqual([]);
  }, 60_000);

  it('recomputes every split from the revealed seed with an independent implementation', async () => {
    const room = await h.room({ minStake: '0.1' });
    const [sender] = await h.players(1, '2000');
    const grabbers = await h.players(10, '400');
    for (const [total, n] of [
      ['10', 5],
      ['0.1', 10],
      ['999.99', 7],
      ['1.23', 6],
    ] as const) {
      const sent = await h.send(sender!, room.id, { total, shares: String(n), clientSeed: `seed ${total}` });
      expect(sent.packet.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      for (const id of grabbers.slice(0, n)) await h.service.grab(id, sent.packet.id);
      const closed = (await h.service.view(sent.packet.id)).packet;
      expect(closed.state).toBe(2);
      expect(sha256(closed.serverSeed)).toBe(closed.serverSeedHash);
      const grabs = (await h.service.view(sent.packet.id)).grabs.map((g) => g.shareMicro);
      expect(grabs).toEqual(
        independentSplit(closed.serverSeed, closed.clientSeed, closed.id, toMicro(total), n),
      );
      for (const share of grabs) expect(share).toBeGreaterThanOrEqual(10_000n);
    }
    expect(await wallet.verify()).toEqual([]);
  }, 120_000);

  it('charges the mine payment and the fee exactly, and refuses a grabber who cannot hold the payment', async () => {
    const room = await h.room({ mineMultiple: '1.5', feeRate: '3.5' });
    const [sender] = await h.players(1, '1000');
    // 12.34 × 1.5 = 18.51 held from each grabber; 3.5 % of it (0.647850) goes to the house on a hit.
    const payment = toMicro('18.51');
    const fee = (payment * 350n) / 10_000n;
    expect(fee).toBe(647_850n);
    // Send until one share hits the mine (about 4 in 10 packets of 5 shares do for any digit).
    let hitSeen = false;
    for (let attempt = 0; attempt < 40 && !hitSeen; attempt++) {
      // One player a micro-USDT short of the payment, one with exactly the payment.
      const [poor] = await h.players(1, '18.509999');
      const [exact] = await h.players(1, '18.51');
      const senderBefore = (await h.balance(sender!)).posted;
      const sent = await h.send(sender!, room.id, { total: '12.34', mineDigit: '7' });
      const refused = await h.service.grab(poor!, sent.packet.id).catch((e: unknown) => e);
      expect(keyOf(refused)).toBe('RED_PACKET_HOLD_INSUFFICIENT');
      expect((refused as AppError).params).toEqual({ amount: '18.51' });
      expect((await h.service.view(sent.packet.id)).packet.grabbed).toBe(0);

      const takers = [exact!, ...(await h.players(4, '50'))];
      const before = new Map(
        await Promise.all(takers.map(async (id) => [id, (await h.balance(id)).posted] as const)),
      );
      for (const id of takers) {
        await h.service.grab(id, sent.packet.id);
      }
      const view = await h.service.view(sent.packet.id);
      expect(view.packet.state).toBe(2);
      const hits = view.grabs.filter((g) => g.mineHit);
      let senderGain = -toMicro('12.34');
      for (const g of view.grabs) {
        expect(g.mineHit).toBe((g.shareMicro / 10_000n) % 10n === 7n);
        const delta = (await h.balance(g.playerId)).posted - before.get(g.playerId)!;
        expect(delta).toBe(g.shareMicro - (g.mineHit ? payment : 0n));
        if (g.mineHit) senderGain += payment - fee;
      }
      expect((await h.balance(sender!)).posted - senderBefore).toBe(senderGain);
      // The player with exactly the payment available could grab (and was held that much until the close).
      hitSeen = hits.length > 0;
    }
    expect(hitSeen).toBe(true);
    expect(await wallet.verify()).toEqual([]);
  }, 120_000);

  it('returns unclaimed shares once when a packet expires, with closes racing and after a crash half way', async () => {
    const room = await h.room({ lifetimeSeconds: 60 });
    const [sender] = await h.players(1, '100');
    const grabbers = await h.players(2, '100');
    const sent = await h.send(sender!, room.id, { total: '10', shares: '5', mineDigit: '' });
    for (const id of grabbers) await h.service.grab(id, sent.packet.id);
    const afterSend = await h.balance(sender!);
    expect(afterSend.posted).toBe(toMicro('90'));

    // Not due yet: nothing closes.
    expect(await h.service.closeDue()).toBe(0);
    h.clock.advance(61_000);
    const late = await h.players(1, '100');
    expect(keyOf(await h.service.grab(late[0]!, sent.packet.id).catch((e: unknown) => e))).toBe(
      'RED_PACKET_EXPIRED',
    );

    // A close that dies after its transfers, refund included, were written (a crash before commit) leaves
    // nothing behind.
    let posted: string[] = [];
    const crashing = {
      ...wallet,
      transfersIn: async (...args: Parameters<WalletService['transfersIn']>) => {
        posted = (await wallet.transfersIn(...args)).map((r) => r.key);
        throw new Error('process died');
      },
    };
    await expect(h.build(crashing).closeOne(sent.packet.id)).rejects.toThrow('process died');
    expect(posted).toEqual([
      `rp:${sent.packet.id}:grab:1`,
      `rp:${sent.packet.id}:grab:2`,
      `rp:${sent.packet.id}:refund`,
    ]);
    expect((await h.service.view(sent.packet.id)).packet.state).toBe(1);
    expect(await h.balance(sender!)).toEqual(afterSend);

    // Then the job, twice at once and once more: one close, one refund.
    const closes = await Promise.all([
      h.service.closeDue(),
      h.service.closeDue(),
      h.service.closeOne(sent.packet.id),
    ]);
    expect(closes.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await h.service.closeDue()).toBe(0);
    const view = await h.service.view(sent.packet.id);
    expect(view.packet.state).toBe(2);
    expect(view.packet.closeReason).toBe(2);
    const claimed = view.grabs.reduce((a, g) => a + g.shareMicro, 0n);
    expect(view.packet.refundedMicro).toBe(toMicro('10') - claimed);
    expect((await h.balance(sender!)).posted).toBe(toMicro('90') + toMicro('10') - claimed);
    expect(keyOf(await h.service.grab(late[0]!, sent.packet.id).catch((e: unknown) => e))).toBe(
      'RED_PACKET_CLOSED',
    );
    expect(await wallet.verify()).toEqual([]);
  }, 60_000);
});
