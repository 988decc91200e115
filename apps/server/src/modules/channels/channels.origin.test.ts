import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, FORM, form, signUp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { queryRows } from '../../db/client';
import { useListeningApp } from './channels.fixtures';

type ChannelOrder = { order_id: string; pay_url: string | null };

/**
 * The hosted payment page sends the player back to Koi: to the origin the player used (a browser keeps the
 * session per origin, so localhost and 127.0.0.1 are two sign-ins), or to the configured public URL.
 */
describe.each([
  ['no public URL configured: the request’s origin', null],
  ['WEB_PUBLIC_URL configured', 'https://play.koi.example'],
])('payment channel return link, %s', (_name, returnBaseUrl) => {
  const sb = useSandbox();
  const { t, base } = useListeningApp(sb, returnBaseUrl);
  let channel: number;
  beforeAll(async () => {
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from payment_channels where code = 'sandbox-usdt'`,
    );
    channel = rows[0]!.id;
  });

  /** Places an order as a player on `host`, leaves the hosted page, and answers where it sends the player. */
  async function returnLink(host: string) {
    const p = await signUp(t.app);
    const headers = { ...FORM, ...p.auth, host };
    const order = body<ChannelOrder>(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/iPay/rechargeOrder',
        headers,
        payload: form({ channel_id: channel, amount: '40' }),
      }),
    );
    expect(order.code).toBe(200);
    const res = await fetch(`${order.result.pay_url}/cancel`, { method: 'POST' });
    const back = new URL(((await res.json()) as { return_url: string }).return_url);
    expect(back.pathname).toBe('/recharge');
    expect(back.searchParams.get('channel_order')).toBe(order.result.order_id);
    return back.origin;
  }

  it('follows the player’s origin, or the configured public URL', async () => {
    expect(await returnLink('localhost:8080')).toBe(returnBaseUrl ?? 'http://localhost:8080');
    expect(await returnLink('127.0.0.1:8080')).toBe(returnBaseUrl ?? 'http://127.0.0.1:8080');
    expect(await returnLink('koi.example')).toBe(returnBaseUrl ?? 'http://koi.example');
  });

  it('falls back to the server’s own address for a Host header that is not a plain name', async () => {
    expect(await returnLink('evil.example/path?x=')).toBe(returnBaseUrl ?? base());
  });
});
