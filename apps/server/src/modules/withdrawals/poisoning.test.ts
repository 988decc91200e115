import { beforeAll, describe, expect, it } from 'vitest';
import { formatMicro } from '@koi/ledger';
import { useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { createPlayerGate } from '../auth';
import { addReceivingAddresses, randomTronAddress } from '../deposits/deposits.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { createDepositsService } from '../deposits/deposits.service';
import { createChainWatcher } from '../deposits/deposits.watcher';
import { createTronGridClient } from '../deposits/trongrid.client';
import { createWalletService } from '../wallet/wallet.service';
import { LOOK_ALIKE, withdrawalsHarness } from './withdrawals.fixtures';

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
    const watcher = createChainWatcher({
      db: t.database.db,
      clock: t.clock,
      config,
      source: createTronGridClient(config.tron),
      wallet,
      turnover: turnoverForTests(t.database, t.clock),
    });
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
    const p = await h.player({ deposit: '100' });
    const first = await h.bind(p.auth, used);
    const applied = await h.apply(p.auth, { amount: '20', address_id: first.id });
    expect(applied.code, applied.message).toBe(200);
    expect((await h.call(p.auth, 'del-address', { address_id: first.id, address: used })).code).toBe(200);
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
