import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { formatMicro } from '@koi/ledger';
import { useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { createPlayerGate } from '../auth';
import { addReceivingAddresses, randomTronAddress, sandboxWatcher } from '../deposits/deposits.fixtures';
import { createDepositsService } from '../deposits/deposits.service';
import { createWalletService } from '../wallet/wallet.service';
import { LOOK_ALIKE, trc20, withdrawalsHarness } from './withdrawals.fixtures';

/** A new player (100 deposited) who applied to withdraw 20 to `address` and then deleted that address. */
async function withdrewToDeleted(h: ReturnType<typeof withdrawalsHarness>, address: string) {
  const p = await h.player({ deposit: '100' });
  const bound = await h.bind(p.auth, address);
  const applied = await h.apply(p.auth, { amount: '20', address_id: bound.id });
  expect(applied.code, applied.message).toBe(200);
  expect((await h.call(p.auth, 'del-address', { address_id: bound.id, address })).code).toBe(200);
  return p;
}

/**
 * Address poisoning: a new TRC20 withdrawal address whose first and last 4 characters
 * match a different address the player has sent deposits FROM, or has withdrawn TO, is refused (code 5008,
 * both addresses in the answer) unless the player confirms. The deposit leg is real: the payment is sent on
 * the sandbox TRON chain from a chosen address, confirmed, and credited by the chain watcher.
 */
describe('address-poisoning guard: deposit senders and withdrawal destinations', () => {
  const sb = useSandbox();
  const t = useTestApp(() => ({
    ...sb.koiConfig,
    withdrawals: { ...testConfig().withdrawals, addressDelayMs: 0 },
  }));
  const receiving = randomTronAddress();
  beforeAll(async () => {
    await addReceivingAddresses(t.database.db, [receiving]);
  });
  const h = withdrawalsHarness(() => t);

  /** Deposits `amount` for the player, paid on the sandbox chain from `from`, confirmed and credited. */
  async function depositFrom(playerId: number, from: string, amount: string) {
    const config = testConfig({ ...sb.koiConfig });
    const wallet = createWalletService({ db: t.database.db, clock: t.clock });
    const deposits = createDepositsService({
      db: t.database.db,
      clock: t.clock,
      config,
      gate: createPlayerGate(t.database.db, t.clock),
    });
    const watcher = sandboxWatcher(t, sb, wallet);
    const order = await deposits.recharge(playerId, amount, null);
    await sb.control('/control/tron/pay', {
      body: { to: receiving, amount: formatMicro(order.actualAmountMicro), from },
    });
    await sb.control('/control/tron/mine', { body: { blocks: 5 } });
    await watcher.watchOnce();
    expect((await deposits.order(playerId, order.orderNo)).status).toBe(2);
    expect(await deposits.senderAddresses(playerId)).toEqual([from]);
  }

  it('refuses a look-alike of an address the player paid a deposit from, unless confirmed', async () => {
    const [sender, lookAlike] = LOOK_ALIKE;
    const p = await h.player();
    await depositFrom(p.playerId, sender, '30');
    await h.expectLookAlikeRefused(p.auth, lookAlike, sender);
    expect((await h.call<unknown[]>(p.auth, 'address-list')).result).toEqual([]);
    // The sender itself is not a look-alike of itself: a player may withdraw back to their own wallet.
    await h.bind(p.auth, sender);
    const confirmed = await h.call(p.auth, 'bind-address', {
      type: '1',
      address: lookAlike,
      confirm_similar: '1',
    });
    expect(confirmed.code, confirmed.message).toBe(200);
    await h.ledgerClean();
  });

  it('refuses a look-alike of an address the player withdrew to, after that address was deleted', async () => {
    const [used, lookAlike] = LOOK_ALIKE;
    const p = await withdrewToDeleted(h, used);
    await h.expectLookAlikeRefused(p.auth, lookAlike, used);
    await h.ledgerClean();
  });

  it('does not warn about a look-alike of another player’s deposit sender', async () => {
    const [sender, lookAlike] = LOOK_ALIKE;
    const other = await h.player();
    await depositFrom(other.playerId, sender, '25');
    const p = await h.player();
    await h.bind(p.auth, lookAlike);
  });
});

/**
 * Look-alikes across players: a TRC20 address whose first and last 4 characters match a different address
 * that another player bound or was paid to is accepted without a word to the player (who must not learn
 * another player's address), and every withdrawal to it is flagged for an operator's review.
 */
describe('address-poisoning guard: addresses of other players', () => {
  const t = useTestApp({ withdrawals: { ...testConfig().withdrawals, addressDelayMs: 0 } });
  const h = withdrawalsHarness(() => t);
  const flagsOf = async (withdrawalId: number) => (await h.adminView(withdrawalId)).context.flags;

  it('flags for review a withdrawal to a look-alike of an address another player was paid to, without telling the player', async () => {
    const [theirs, lookAlike] = LOOK_ALIKE;
    // Another player withdrew to it and deleted it afterwards: the address it was paid to is still remembered.
    await withdrewToDeleted(h, theirs);

    const p = await h.player({ deposit: '100' });
    const mine = await h.bind(p.auth, lookAlike);
    const applied = await h.apply(p.auth, { amount: '20', address_id: mine.id });
    expect(applied.code, applied.message).toBe(200);
    expect(await flagsOf(applied.result.id)).toContain('look_alike_address');
    // The bind records which address it resembles, for the audit trail.
    const [event] = await queryRows<{ similar_to: string | null }>(
      t.database.db,
      sql`select similar_to from withdrawal_address_events where address_id = ${mine.id} and action = 1`,
    );
    expect(event!.similar_to).toBe(theirs);
    // A withdrawal to an address like no other is not flagged so.
    const plain = await h.bind(p.auth, trc20());
    const ordinary = await h.apply(p.auth, { amount: '20', address_id: plain.id });
    expect(await flagsOf(ordinary.result.id)).not.toContain('look_alike_address');
    await h.ledgerClean();
  });

  it('flags a look-alike of an address another player has only bound, whichever of the two came first', async () => {
    const [first, second] = LOOK_ALIKE;
    const a = await h.player({ deposit: '100' });
    const b = await h.player({ deposit: '100' });
    const boundA = await h.bind(a.auth, second);
    const boundB = await h.bind(b.auth, first);
    const byB = await h.apply(b.auth, { amount: '20', address_id: boundB.id });
    const byA = await h.apply(a.auth, { amount: '20', address_id: boundA.id });
    expect(await flagsOf(byB.result.id)).toContain('look_alike_address');
    expect(await flagsOf(byA.result.id)).toContain('look_alike_address');
    await h.ledgerClean();
  });
});
