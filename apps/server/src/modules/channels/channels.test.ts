import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, postForm, signUp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { TransferCode } from '@koi/ledger';
import { createPlayerGate } from '../auth';
import { createDomainEvents, type DomainEvents } from '../events';
import { signedInOperator } from '../operators/operators.fixtures';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import { createSandboxChannel } from './channel.adapter';
import type { ChannelsService } from './channels.service';
import { channelsForTests, useListeningApp } from './channels.fixtures';

type ChannelOrder = {
  order_id: string;
  channel_id: number;
  amount: string;
  fee: string;
  actual_amount: string;
  currency: string;
  rate: string;
  pay_amount: string;
  pay_url: string | null;
  status: number;
};
type Delivery = { kind: string; status: number | null; answer: string; body: Record<string, string> };

/**
 * Hosted payment channels against the sandbox channel as a real process, with the app listening on a real
 * port so the sandbox's notifications arrive over HTTP (decision 19): signed, repeated, out of order, forged.
 */
describe('payment channels through the sandbox channel', () => {
  const sb = useSandbox();
  const { t, base } = useListeningApp(sb, 'http://web.example');
  let wallet: WalletService;
  let cny: number;
  let usdt: number;

  beforeAll(async () => {
    wallet = createWalletService({ db: t.database.db, clock: t.clock });
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id::int, code from payment_channels order by id`,
    );
    cny = rows.find((r) => r.code === 'sandbox-cny')!.id;
    usdt = rows.find((r) => r.code === 'sandbox-usdt')!.id;
  });
  /**
   * How the sandbox channel notifies Koi of a paid order: how many copies it sends, spread over how many
   * milliseconds, and after which delays it sends again while Koi does not answer success.
   */
  const channelNotifies = (settings: { repeats: number; spread_ms?: number; retry_ms?: number[] }) =>
    sb.control('/control/payments/settings', { body: settings });
  beforeEach(async () => {
    await channelNotifies({ repeats: 3, spread_ms: 300 });
  });

  /** A signed-up player: token headers and id. */
  async function player() {
    const p = await signUp(t.app);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from players where username = ${p.username}`,
    );
    return { ...p, id: row!.id };
  }
  const rechargeOrder = async (
    auth: Record<string, string>,
    channel: number,
    amount: string,
    headers: Record<string, string> = {},
  ) =>
    body<ChannelOrder>(
      await postForm(
        t.app,
        '/api/plat/iPay/rechargeOrder',
        { channel_id: channel, amount },
        { ...auth, ...headers },
      ),
    );
  const orderState = async (auth: Record<string, string>, id: string) =>
    body<ChannelOrder>(
      await t.app.inject({ method: 'GET', url: `/api/plat/iPay/order/${id}`, headers: auth }),
    );
  const available = async (playerId: number) => (await wallet.balancesOf(playerId))[0]!.availableMicro;
  const expectLedgerClean = async () => expect(await wallet.verify()).toEqual([]);
  const channelOrderIdOf = (payUrl: string) => payUrl.split('/payments/pay/')[1]!;
  const deliveries = async (channelOrderId: string) =>
    (await sb.control(`/control/payments/notifications?channel_order_id=${channelOrderId}`)) as Delivery[];
  /** Waits until the sandbox logged `n` answered deliveries of this order (bounded). */
  async function delivered(channelOrderId: string, n: number, kind = 'genuine', answered = true) {
    for (let i = 0; i < 200; i += 1) {
      const log = (await deliveries(channelOrderId)).filter(
        (d) => d.kind === kind && (!answered || d.status !== null),
      );
      if (log.length >= n) return log;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${n} ${kind} deliveries of ${channelOrderId}`);
  }
  const payAtChannel = (channelOrderId: string) =>
    sb.control(`/control/payments/orders/${channelOrderId}/pay`, { body: {} });
  const forge = (channelOrderId: string, kind: string) =>
    sb.control(`/control/payments/orders/${channelOrderId}/forge`, { body: { kind } }) as Promise<Delivery>;
  const depositTransfers = async (orderNo: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int n from ledger_transfers where reference_type = 'channel_order' and reference_id = ${orderNo}`,
      )
    )[0]!.n;
  const unmatched = (orderNo: string) =>
    queryRows<{
      reason: string;
      status: number;
      source: number;
      amount_micro: string;
      channel_order_id: number | null;
    }>(
      t.database.db,
      sql`select reason, status, source, amount_micro::text, channel_order_id::int from deposit_unmatched
          where detail->>'order_no' = ${orderNo}`,
    );
  /** A notification signed with Koi's merchant secret, as the channel would send it. */
  function signedNotification(fields: Record<string, string>) {
    const all = { timestamp: String(Date.now()), nonce: randomBytes(8).toString('hex'), ...fields };
    const canonical = Object.keys(all)
      .filter((k) => all[k as keyof typeof all] !== '')
      .sort()
      .map((k) => `${k}=${all[k as keyof typeof all]}`)
      .join('&');
    return { ...all, sign: createHmac('sha256', sb.payment.secret).update(canonical).digest('hex') };
  }
  const postNotify = (payload: Record<string, string>, code = 'sandbox-cny') =>
    fetch(`${base()}/api/pay/notify/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }).then(async (r) => ({ status: r.status, text: await r.text() }));
  /** A second service over the same database (the reconciler job's code), optionally notified elsewhere. */
  function channelsService(
    notifyBaseUrl = base(),
    onCredited?: (fact: DomainEvents['deposit.credited']) => void,
  ): ChannelsService {
    const config = testConfig({
      ...sb.koiConfig,
      channels: { notifyBaseUrl, returnBaseUrl: 'http://web.example' },
    });
    return channelsForTests(t, {
      config,
      wallet,
      adapters: new Map([['sandbox', createSandboxChannel(sb.koiConfig.paymentSandbox!)]]),
      onCredited,
    });
  }
  /**
   * A service whose notify URL leads nowhere, with the channel sending each notification once and never again:
   * every notification of its orders is lost, so only the reconciler, a query or the test itself delivers one.
   */
  async function notificationsLost(): Promise<ChannelsService> {
    await channelNotifies({ repeats: 1, retry_ms: [] });
    return channelsService('http://127.0.0.1:9');
  }
  /** A new player's order of `amount` on `channel`, made through `service` and paid at the channel. */
  async function paidOrder(service: ChannelsService, channel: number, amount: string) {
    const p = await player();
    const order = await service.rechargeOrder(p.id, channel, amount, null);
    const id = channelOrderIdOf(order.payUrl!);
    await payAtChannel(id);
    return { p, order, id };
  }

  it('lists the enabled channels with limits, fee and rate (POST /api/pay/channel, no sign-in needed)', async () => {
    const res = body<Record<string, unknown>[]>(await postForm(t.app, '/api/pay/channel'));
    expect(res.code).toBe(200);
    expect(res.result).toEqual([
      {
        id: cny,
        name: '沙盒收银台（人民币）',
        icon: '',
        min_amount: '20',
        max_amount: '50000',
        fee_fixed: '0',
        fee_rate: '1',
        currency: 'CNY',
        rate: '7.2',
      },
      {
        id: usdt,
        name: '沙盒收银台（USDT）',
        icon: '',
        min_amount: '20',
        max_amount: '10000',
        fee_fixed: '0.5',
        fee_rate: '0',
        currency: 'USDT',
        rate: '1',
      },
    ]);
  });

  it('creates an order with the hosted page, and credits one payment notified 10 times out of order once', async () => {
    const p = await player();
    await channelNotifies({ repeats: 10, spread_ms: 400 });
    const order = await rechargeOrder(p.auth, cny, '100.5');
    expect(order.code).toBe(200);
    expect(order.result).toMatchObject({
      amount: '100.5000',
      fee: '1.0050',
      actual_amount: '99.4950',
      currency: 'CNY',
      rate: '7.2',
      pay_amount: '723.60',
      status: 2,
    });
    const page = await fetch(order.result.pay_url!).then((r) => r.text());
    expect(page).toContain('723.60');
    expect(page).toContain(order.result.order_id);
    const id = channelOrderIdOf(order.result.pay_url!);

    await payAtChannel(id);
    const log = await delivered(id, 10);
    expect(log.every((d) => d.status === 200 && d.answer === 'success')).toBe(true);
    expect(await available(p.id)).toBe(99_495_000n);
    expect(await depositTransfers(order.result.order_id)).toBe(1);
    const state = await orderState(p.auth, order.result.order_id);
    expect(state.result).toMatchObject({ status: 1, pay_url: null });
    // Decision 23: 1× the credited amount of turnover, once.
    const [req] = await queryRows<{ n: number; required: string }>(
      t.database.db,
      sql`select count(*)::int n, sum(required_micro)::text required from turnover_requirements
          where player_id = ${p.id} and source_type = 'deposit'`,
    );
    expect(req).toEqual({ n: 1, required: '99495000' });
    const records = body<{
      list: {
        id: string;
        status: number;
        channel: string;
        amount: string;
        fee: string;
        actual_amount: string;
      }[];
    }>(await postForm(t.app, '/api/plat/inout-records', { range: 2, type: 1 }, p.auth));
    expect(records.result.list[0]).toMatchObject({
      id: order.result.order_id,
      status: 1,
      channel: '沙盒收银台（人民币）',
      // Gross, fee and net: what was asked for, what the channel kept, what was credited.
      amount: '100.5000',
      fee: '1.0050',
      actual_amount: '99.4950',
    });
    await expectLedgerClean();
  }, 30_000);

  it('refuses forged, tampered and replayed notifications and a signed "paid" the channel does not confirm', async () => {
    const p = await player();
    await channelNotifies({ repeats: 1 });
    const order = await rechargeOrder(p.auth, usdt, '40');
    const id = channelOrderIdOf(order.result.pay_url!);
    for (const kind of ['bad_signature', 'tampered_amount', 'signed_unpaid']) {
      const d = await forge(id, kind);
      expect([d.status, d.answer], kind).toEqual([400, 'fail']);
    }
    expect(await available(p.id)).toBe(0n);
    expect((await orderState(p.auth, order.result.order_id)).result.status).toBe(2);

    await payAtChannel(id);
    await delivered(id, 1);
    expect(await available(p.id)).toBe(39_500_000n);
    // The captured genuine notification sent again: answered, never applied again.
    const replay = await forge(id, 'replay');
    expect([replay.status, replay.answer]).toEqual([200, 'success']);
    // A fresh copy signed again (a channel's own re-send) finds the order completed: no second credit.
    const again = await postNotify(
      signedNotification({
        ...replay.body,
        nonce: randomBytes(8).toString('hex'),
        timestamp: String(Date.now()),
        sign: '',
      }),
      'sandbox-usdt',
    );
    expect(again).toEqual({ status: 200, text: 'success' });
    expect(await available(p.id)).toBe(39_500_000n);
    expect(await depositTransfers(order.result.order_id)).toBe(1);
    const [stored] = await queryRows<{ outcomes: string }>(
      t.database.db,
      sql`select string_agg(outcome, ',' order by id) outcomes from channel_notifications
          where order_no = ${order.result.order_id}`,
    );
    expect(stored!.outcomes).toBe('refused,credited,duplicate'); // signed_unpaid, genuine, fresh copy
    // A stale notification (captured long ago) is refused however well signed.
    const stale = await postNotify(
      signedNotification({ ...replay.body, timestamp: String(Date.now() - 10 * 60_000), sign: '' }),
    );
    expect(stale.status).toBe(400);
    await expectLedgerClean();
  }, 30_000);

  it('queues a signed notification with the wrong amount, the wrong currency or an unknown order, crediting nothing', async () => {
    const p = await player();
    await channelNotifies({ repeats: 2 });
    const a = await rechargeOrder(p.auth, cny, '50');
    const b = await rechargeOrder(p.auth, cny, '60');
    const idA = channelOrderIdOf(a.result.pay_url!);
    const idB = channelOrderIdOf(b.result.pay_url!);
    expect((await forge(idA, 'signed_wrong_amount')).answer).toBe('success');
    expect((await forge(idB, 'signed_wrong_currency')).answer).toBe('success');
    const unknown = await forge(idA, 'unknown_order');
    expect(unknown.answer).toBe('success');
    expect(await unmatched(a.result.order_id)).toEqual([
      {
        reason: 'amount_mismatch',
        status: 1,
        source: 2,
        amount_micro: '500000000',
        channel_order_id: expect.any(Number),
      },
    ]);
    expect((await unmatched(b.result.order_id))[0]).toMatchObject({ reason: 'currency_mismatch', source: 2 });
    expect((await unmatched(unknown.body.merchant_order_id!))[0]).toMatchObject({
      reason: 'unknown_order',
      channel_order_id: null,
    });
    // The same unknown-order report delivered again queues nothing more.
    await postNotify(
      signedNotification({ ...unknown.body, nonce: randomBytes(8).toString('hex'), sign: '' }),
    );
    expect(await unmatched(unknown.body.merchant_order_id!)).toHaveLength(1);

    // The order under review is not credited automatically even when the real payment comes.
    await payAtChannel(idA);
    await delivered(idA, 2);
    expect(await available(p.id)).toBe(0n);
    expect((await orderState(p.auth, a.result.order_id)).result.status).toBe(2);
    const admin = await signedInOperator(t, 'finance');
    const listed = body<{ data: { order_id: string; status: string; queue_reason: string | null }[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/deposits/channel-orders?status=review',
        headers: admin.auth,
      }),
    );
    expect(listed.result.data.map((o) => [o.order_id, o.queue_reason])).toEqual(
      expect.arrayContaining([
        [a.result.order_id, 'amount_mismatch'],
        [b.result.order_id, 'currency_mismatch'],
      ]),
    );
    await expectLedgerClean();
  }, 30_000);

  it("refuses one channel's signed notification sent to another channel's path: nothing queued, credited once at its own path", async () => {
    // Every notification is lost: this test delivers each one itself.
    const { p, order, id } = await paidOrder(await notificationsLost(), cny, '20');
    const genuine = (await delivered(id, 1, 'genuine', false))[0]!.body;
    const copy = (fields: Record<string, string> = {}) =>
      signedNotification({ ...genuine, ...fields, nonce: randomBytes(8).toString('hex'), sign: '' });
    const queuedFor = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int n from deposit_unmatched where detail->>'channel_order_id' = ${id}
              or detail->>'order_no' = ${order.orderNo}`,
        )
      )[0]!.n;
    // The CNY channel's delivery as captured, a fresh copy of it, and a copy naming no order of ours but
    // carrying the CNY order's channel order id, all at the USDT channel's path (same channel system, same secret).
    const strayOrderNo = `X${order.orderNo.slice(1)}`;
    for (const delivery of [genuine, copy(), copy({ merchant_order_id: strayOrderNo })]) {
      const answer = await postNotify(delivery, 'sandbox-usdt');
      expect(answer.text).toBe('fail');
    }
    expect(await queuedFor()).toBe(0);
    expect(await unmatched(strayOrderNo)).toEqual([]);
    expect(await available(p.id)).toBe(0n);
    // At its own path the notification credits the order, once.
    expect((await postNotify(copy(), 'sandbox-cny')).text).toBe('success');
    expect(await available(p.id)).toBe(19_800_000n);
    // Sent to the other path again after the credit: still refused, nothing queued, nothing credited twice.
    expect((await postNotify(copy(), 'sandbox-usdt')).text).toBe('fail');
    expect((await postNotify(copy(), 'sandbox-cny')).text).toBe('success');
    expect(await queuedFor()).toBe(0);
    expect(await depositTransfers(order.orderNo)).toBe(1);
    expect(await available(p.id)).toBe(19_800_000n);
    await expectLedgerClean();
  }, 30_000);

  it('credits once when 50 signed deliveries of one paid order arrive at the same moment (5 rounds)', async () => {
    await channelNotifies({ repeats: 1 });
    for (let round = 0; round < 5; round += 1) {
      const p = await player();
      const order = await rechargeOrder(p.auth, cny, '20');
      const id = channelOrderIdOf(order.result.pay_url!);
      await payAtChannel(id);
      const genuine = (await delivered(id, 1))[0]!.body;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          postNotify(signedNotification({ ...genuine, nonce: randomBytes(8).toString('hex'), sign: '' })),
        ),
      );
      expect(answers.every((a) => a.status === 200 && a.text === 'success')).toBe(true);
      expect(await available(p.id)).toBe(19_800_000n);
      expect(await depositTransfers(order.result.order_id)).toBe(1);
    }
    await expectLedgerClean();
  }, 120_000);

  it('applies the channel limits, the deny-list, the freeze, self-exclusion and the deposit limit to new orders', async () => {
    const p = await player();
    const code = async (channel: number, amount: string, headers = {}) =>
      (await rechargeOrder(p.auth, channel, amount, headers)).code;
    const low = await rechargeOrder(p.auth, cny, '19.99');
    expect(low.code).toBe(4010);
    expect(low.error?.message).toBe('该通道单笔金额须在20.00至50000.00 USDT之间');
    expect(await code(usdt, '10001')).toBe(4010);
    expect(await code(cny, '20.12345')).toBe(4003);
    expect(await code(999_999, '50')).toBe(4009);
    expect(await code(cny, 'abc')).not.toBe(200);
    expect(await code(cny, '50', { 'cf-ipcountry': 'CN' })).toBe(new AppError('REGION_BLOCKED').code);
    const limits = body(await postForm(t.app, '/api/plat/deposit-limits/set', { day: '30' }, p.auth));
    expect(limits.code).toBe(200);
    expect(await code(cny, '31')).toBe(4006);
    expect(await code(cny, '30')).toBe(200);
    // A frozen player's session ends (401) once the database's change notification reaches
    // this process's signed-in cache; until then (PostgreSQL delivers it asynchronously) the
    // service itself refuses the order (1011). Either way no order is taken.
    const service = channelsService();
    await t.database.db.execute(sql`update players set status = 2 where id = ${p.id}`);
    const frozen = new AppError('ACCOUNT_FROZEN').code;
    let answer = await code(cny, '25');
    for (let i = 0; answer !== 401 && i < 40; i += 1) {
      expect(answer).toBe(frozen);
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await code(cny, '25');
    }
    expect(answer).toBe(401);
    await expect(service.rechargeOrder(p.id, cny, '25', null)).rejects.toMatchObject({
      key: 'ACCOUNT_FROZEN',
    });
    await t.database.db.execute(
      sql`update players set status = 1, self_excluded_until = ${new Date(t.clock.now().getTime() + 86_400_000)} where id = ${p.id}`,
    );
    await expect(service.rechargeOrder(p.id, cny, '25', null)).rejects.toMatchObject({
      key: 'SELF_EXCLUDED',
    });
    // A disabled channel is gone from the list and takes no orders.
    const admin = await signedInOperator(t, 'finance');
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/channels/${usdt}`,
      headers: admin.auth,
      payload: { enabled: false, reason: 'test' },
    });
    expect(body(off).code).toBe(200);
    const q = await player();
    expect((await rechargeOrder(q.auth, usdt, '50')).code).toBe(4009);
    const list = body<{ id: number }[]>(await t.app.inject({ method: 'POST', url: '/api/pay/channel' }));
    expect(list.result.map((c) => c.id)).toEqual([cny]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/channels/${usdt}`,
      headers: admin.auth,
      payload: { enabled: true, reason: 'test' },
    });
  });

  it('credits a frozen or self-excluded player whose order was made before (policy), keeping play blocked', async () => {
    await channelNotifies({ repeats: 1 });
    const gate = createPlayerGate(t.database.db, t.clock);
    for (const block of ['frozen', 'excluded'] as const) {
      const p = await player();
      const order = await rechargeOrder(p.auth, usdt, '30');
      const id = channelOrderIdOf(order.result.pay_url!);
      if (block === 'frozen')
        await t.database.db.execute(sql`update players set status = 2 where id = ${p.id}`);
      else
        await t.database.db.execute(
          sql`update players set self_excluded_until = ${new Date(t.clock.now().getTime() + 86_400_000)} where id = ${p.id}`,
        );
      await payAtChannel(id);
      await delivered(id, 1);
      expect(await available(p.id)).toBe(29_500_000n);
      await expect(gate.assertMayPlay(p.id)).rejects.toMatchObject({
        key: block === 'frozen' ? 'ACCOUNT_FROZEN' : 'SELF_EXCLUDED',
      });
    }
    await expectLedgerClean();
  }, 30_000);

  it('announces deposit.credited once after the credit commits, also when the credit is asked for again and again', async () => {
    const bus = createDomainEvents({ error: () => undefined });
    const heard: DomainEvents['deposit.credited'][] = [];
    bus.on('deposit.credited', (fact) => void heard.push(fact));
    await channelNotifies({ repeats: 1, retry_ms: [] });
    // Two nodes announcing through the bus as app.ts wires them; the channel's notifications lead nowhere.
    const nodes = [0, 1].map(() =>
      channelsService('http://127.0.0.1:9', (fact) => bus.emit('deposit.credited', fact)),
    );
    const p = await player();
    const order = await nodes[0]!.rechargeOrder(p.id, usdt, '25', null);
    await payAtChannel(channelOrderIdOf(order.payUrl!));
    await delivered(channelOrderIdOf(order.payUrl!), 1, 'genuine', false);
    // The result screen asks on both nodes at once, then the reconcilers run: one credit, one announcement.
    t.clock.advance(61_000);
    await Promise.all([
      ...nodes.map((n) => n.order(p.id, order.orderNo)),
      ...nodes.map((n) => n.reconcile()),
    ]);
    t.clock.advance(61_000);
    await Promise.all(nodes.map((n) => n.reconcile()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([{ playerId: p.id, amountMicro: 24_500_000n, source: 'channel' }]);
    expect(await available(p.id)).toBe(24_500_000n);
    expect(await depositTransfers(order.orderNo)).toBe(1);
    await expectLedgerClean();
  }, 30_000);

  it('credits a paid order whose notification never arrived through the reconciler, once', async () => {
    const lost = await notificationsLost();
    const { p, order, id } = await paidOrder(lost, usdt, '25');
    const cancelled = await lost.rechargeOrder(p.id, usdt, '26', null);
    await sb.control(`/control/payments/orders/${channelOrderIdOf(cancelled.payUrl!)}/cancel`, { body: {} });
    await delivered(id, 1, 'genuine', false);
    const reconciler = channelsService();
    // Younger than a minute: left for its notification.
    expect(await reconciler.reconcile()).toBe(0);
    expect(await available(p.id)).toBe(0n);
    t.clock.advance(61_000);
    expect(await reconciler.reconcile()).toBe(2);
    expect(await available(p.id)).toBe(24_500_000n);
    t.clock.advance(61_000);
    expect(await reconciler.reconcile()).toBe(0);
    expect(await available(p.id)).toBe(24_500_000n);
    expect((await orderState(p.auth, order.orderNo)).result.status).toBe(1);
    expect((await orderState(p.auth, cancelled.orderNo)).result.status).toBe(3);
    expect(await depositTransfers(order.orderNo)).toBe(1);
    await expectLedgerClean();
  }, 30_000);

  it('credits exactly once when an operator matches a queued channel report while the channel path races (50-way, 6 rounds)', async () => {
    // Every notification is lost: this test delivers each one itself.
    const lost = await notificationsLost();
    const reconciler = channelsService();
    const finance = await signedInOperator(t, 'finance');
    const playerDeposits = async (playerId: number) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int n from ledger_transfers tr join ledger_accounts a on a.id = tr.credit_account_id
              where a.player_id = ${playerId} and tr.code = ${TransferCode.DEPOSIT}`,
        )
      )[0]!.n;
    const queueRowOf = async (orderNo: string) =>
      (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select u.id::int from deposit_unmatched u join channel_orders o on o.id = u.channel_order_id
              where o.order_no = ${orderNo}`,
        )
      )[0]?.id;
    const match = (rowId: number, playerId: number) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/admin/deposits/unmatched/${rowId}/match`,
          headers: finance.auth,
          payload: { player_id: playerId, reason: 'customer sent the receipt' },
        })
        .then((r) => body(r));
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const { p, order, id } = await paidOrder(lost, cny, '20');
      const genuine = (await delivered(id, 1, 'genuine', false))[0]!.body;
      const resend = (fields: Record<string, string> = {}) =>
        postNotify(
          signedNotification({ ...genuine, ...fields, nonce: randomBytes(8).toString('hex'), sign: '' }),
        );
      // A signed report of ten times the amount: queued for operators (reported 200 USDT), never credited.
      const wrongAmount = () => resend({ amount: '1440.00' });
      const channelPath = () => [
        ...Array.from({ length: 50 }, () => resend()),
        ...Array.from({ length: 3 }, () => reconciler.reconcile()),
      ];
      t.clock.advance(61_000);
      if (round % 3 === 0) {
        // The report is queued first (the order goes to review); then the match races the late genuine ones.
        await wrongAmount();
      } else if (round % 3 === 1) {
        // The channel credits first; the mismatching report comes after and is queued against a paid order.
        expect((await resend()).text).toBe('success');
        await wrongAmount();
      } else {
        // Report, genuine notifications and the reconciler all at once, in any order.
        await Promise.all([wrongAmount(), ...channelPath()]);
      }
      const rowId = await queueRowOf(order.orderNo);
      expect(rowId).toBeDefined();
      const [matched] = await Promise.all([match(rowId!, p.id), ...channelPath()]);
      const credits = await playerDeposits(p.id);
      const balance = await available(p.id);
      // Exactly one credit: the channel's (20 − 1% fee) or the operator's match of the queued 200, never both.
      expect(credits).toBe(1);
      expect([19_800_000n, 200_000_000n]).toContain(balance);
      if (balance === 19_800_000n) {
        expect(matched).toMatchObject({ code: 4050 });
        outcomes.add('channel');
      } else {
        expect(matched).toMatchObject({ code: 200 });
        expect((await orderState(p.auth, order.orderNo)).result.status).toBe(1);
        outcomes.add('match');
      }
      // Later deliveries and reconciler runs change nothing.
      t.clock.advance(61_000);
      await Promise.all(channelPath());
      expect(await playerDeposits(p.id)).toBe(1);
      expect(await available(p.id)).toBe(balance);
    }
    // Both orders of events happened (rounds 0 and 1 force one each).
    expect(outcomes).toEqual(new Set(['channel', 'match']));
    await expectLedgerClean();
  }, 180_000);

  it('lets the result screen learn the outcome at once by asking the channel', async () => {
    const { p, order } = await paidOrder(await notificationsLost(), cny, '20');
    expect((await orderState(p.auth, order.orderNo)).result.status).toBe(1);
    expect(await available(p.id)).toBe(19_800_000n);
    await expectLedgerClean();
  });

  it('lets operators edit a channel (validated, audited) and refuses those without deposits write', async () => {
    const admin = await signedInOperator(t, 'finance');
    const edit = (payload: object, auth = admin.auth) =>
      t.app.inject({ method: 'POST', url: `/api/admin/deposits/channels/${cny}`, headers: auth, payload });
    const changed = body<Record<string, unknown>>(
      await edit({
        min_amount: '30',
        max_amount: '800',
        fee_rate: '1.5',
        fee_fixed: '0.2',
        rate: '7.15',
        reason: '调整',
      }),
    );
    expect(changed.result).toMatchObject({
      min_amount: '30',
      max_amount: '800',
      fee_rate: '1.5',
      fee_fixed: '0.2',
      rate: '7.15',
      enabled: true,
    });
    const p = await player();
    const order = await rechargeOrder(p.auth, cny, '100');
    // 100 × 1.5 % + 0.2 = 1.7 USDT fee; 100 × 7.15 = 715.00 CNY.
    expect(order.result).toMatchObject({ fee: '1.7000', actual_amount: '98.3000', pay_amount: '715.00' });
    expect(body(await edit({ min_amount: '900', reason: 'x' })).code).toBe(4030);
    expect(body(await edit({ fee_fixed: '30', reason: 'x' })).code).toBe(4030);
    expect((await edit({ rate: '-1', reason: 'x' })).statusCode).toBe(400);
    expect((await edit({ enabled: false })).statusCode).toBe(400);
    const [audit] = await queryRows<{ n: number; before: { rate: string }; after: { rate: string } }>(
      t.database.db,
      sql`select count(*) over ()::int n, before::jsonb before, after::jsonb after from operator_audit
          where action = 'channel.update' and target_id = ${String(cny)} order by seq limit 1`,
    );
    expect(audit).toMatchObject({ n: 1, before: { rate: '7.2' }, after: { rate: '7.15' } });
    const support = await signedInOperator(t, 'support');
    expect((await edit({ enabled: false, reason: 'x' }, support.auth)).statusCode).toBe(403);
    const listed = body<{ data: { code: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/deposits/channels', headers: admin.auth }),
    );
    expect(listed.result.data.map((c) => c.code)).toEqual(['sandbox-cny', 'sandbox-usdt']);
    await edit({
      min_amount: '20',
      max_amount: '50000',
      fee_rate: '1',
      fee_fixed: '0',
      rate: '7.2',
      reason: 'reset',
    });
  });
});
