import { beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { addReceivingAddresses, randomTronAddress } from './deposits.fixtures';

type Order = { order_id: string; address: string; actual_amount: string; sandbox_wallet_url?: string };

/**
 * The deposit popup's sandbox link: present, prefilled with the order's address and exact
 * amount, only when the server is configured with the sandbox wallet page; absent otherwise (production).
 */
describe.each([
  ['with the sandbox wallet configured', 'http://127.0.0.1:18390/tron/wallet'],
  ['without it (production)', null],
])('deposit popup sandbox link, %s', (_name, sandboxWalletUrl) => {
  const t = useTestApp({ deposits: { ...testConfig().deposits, sandboxWalletUrl } });
  const address = randomTronAddress();
  beforeAll(async () => {
    await addReceivingAddresses(t.database.db, [address]);
  });

  // The player's browser keeps its session per origin: the link uses the loopback name the player is on.
  it.each([
    ['127.0.0.1:8080', sandboxWalletUrl],
    ['localhost:8080', sandboxWalletUrl?.replace('127.0.0.1', 'localhost') ?? null],
    ['koi.example', sandboxWalletUrl],
  ])(
    'answers the order and its polled state with the link only when configured (player on %s)',
    async (host, expected) => {
      const p = await signUp(t.app);
      const headers = { ...p.auth, host };
      const created = body<Order>(
        await t.app.inject({
          method: 'POST',
          url: '/api/plat/recharge',
          headers,
          payload: { amount: '100' },
        }),
      );
      expect(created.code).toBe(200);
      const polled = body<Order>(
        await t.app.inject({
          method: 'GET',
          url: `/api/plat/recharge/${created.result.order_id}`,
          headers,
        }),
      );
      for (const order of [created.result, polled.result]) {
        if (expected === null) {
          expect(order).not.toHaveProperty('sandbox_wallet_url');
          continue;
        }
        const link = new URL(order.sandbox_wallet_url!);
        expect(`${link.origin}${link.pathname}`).toBe(expected);
        expect(Object.fromEntries(link.searchParams)).toEqual({ to: address, amount: order.actual_amount });
      }
    },
  );
});
