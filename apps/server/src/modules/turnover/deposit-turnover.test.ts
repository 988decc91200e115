import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { randomTronAddress } from '../deposits/deposits.fixtures';
import { trc20, withdrawalsHarness } from '../withdrawals/withdrawals.fixtures';

/**
 * Decision 23 through the app's own wiring: the deposits watcher, running as the app's job against the
 * sandbox TRON node, credits a deposit and, in the same transaction, adds its turnover requirement (1× the
 * amount); withdraw-info and user info show it and withdraw-apply refuses with the remaining amount.
 */
describe('a credited deposit adds its turnover requirement', () => {
  const receiving = randomTronAddress();
  const sb = useSandbox();
  const t = useTestApp(() => {
    const base = testConfig();
    return {
      ...sb.koiConfig,
      jobsEnabled: true,
      deposits: { ...base.deposits, addresses: [receiving], watchIntervalMs: 200 },
      withdrawals: { ...base.withdrawals, addressDelayMs: 0 },
    };
  });
  const h = withdrawalsHarness(() => t);

  it('requires the deposit in valid bets before withdrawing, once per deposit', async () => {
    const p = await h.player();
    const order = await h.call<{ actual_amount: string }>(p.auth, 'recharge', { amount: '30' });
    expect(order.code, order.message).toBe(200);
    await sb.control('/control/tron/pay', { body: { to: receiving, amount: order.result.actual_amount } });
    await sb.control('/control/tron/mine', { body: { blocks: 5 } });
    const credited = Date.now() + 20_000;
    let info = await h.call<{ available: string; turnover_remaining: string }>(p.auth, 'withdraw-info');
    while (info.result.available === '0.000000' && Date.now() < credited) {
      await new Promise((r) => setTimeout(r, 200));
      info = await h.call(p.auth, 'withdraw-info');
    }
    const actual = `${order.result.actual_amount}00`;
    expect(info.result.available).toBe(actual);
    expect(info.result.turnover_remaining).toBe(actual);
    const user = await h.call<{ turnover_remaining: string }>(p.auth, 'info');
    expect(user.result.turnover_remaining).toBe(actual);

    const address = await h.bind(p.auth, trc20());
    const refused = await h.apply(p.auth, { amount: '20', address_id: address.id });
    expect(refused.code).toBe(5020);
    expect(refused.message).toContain(actual);
    // More polls and mined blocks do not add the requirement again.
    await sb.control('/control/tron/mine', { body: { blocks: 3 } });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(
      (await h.call<{ turnover_remaining: string }>(p.auth, 'withdraw-info')).result.turnover_remaining,
    ).toBe(actual);
    await h.ledgerClean();
  });
});
