import { createHash, randomBytes } from 'node:crypto';
import {
  channelFeeMicro,
  channelPayAmount,
  formatMicro,
  parseAmount,
  SystemAccount,
  TransferCode,
} from '@koi/ledger';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { isCountryDenied } from '../../lib/geo';
import { pageWindow, type PageWindow } from '../../lib/paging';
import type { PlayerGate } from '../auth';
import { withRetry } from '../wallet/wallet.batcher';
import type { WalletService } from '../wallet/wallet.service';
import type { TurnoverService } from '../turnover';
import type { DepositsService } from '../deposits';
import type { DomainEvents } from '../events';
import { timeRangeBounds, type TimeRange } from '../../lib/time-range';
import {
  ChannelError,
  channelAmountMicro,
  type ChannelOrderState,
  type PaymentChannelAdapter,
} from './channel.adapter';
import { createChannelsRepository, type ChannelOrderRow, type ChannelRow } from './channels.repository';
import { ChannelOrderStatus } from './channels.schema';

/*
 * Design note: hosted payment channels (decisions 14, 18, 21, 23).
 *
 * Order. `rechargeOrder` checks the channel (enabled, limits), the player (region, freeze, self-exclusion,
 * deposit limit), writes our order first (PENDING) and only then asks the channel for it with our order id as
 * the channel's merchant order id, so every order the channel can know has a row here. A channel call whose
 * outcome is unknown is retried once (the channel dedupes by merchant order id); if it still fails the order
 * is FAILED, yet a later paid notification for it is still honoured: nothing the player paid is dropped.
 *
 * Credit exactly once. A verified "paid" notification, or the reconciler, leads to `settlePaid`, which:
 * asks the channel itself for the order's status (a signed notification alone never moves money), compares
 * order id, amount and currency with our order, and then credits in one transaction under the order's row
 * lock: the wallet transfer (idempotency key `deposit:channel:<channel code>:<channel order id>`), the
 * turnover requirement (1× the credited amount, idempotent per order), and the order's COMPLETED state. Fifty
 * concurrent deliveries queue on that row lock; the first credits and the others find COMPLETED. Should two
 * nodes ever race past it, the ledger key makes the second transfer a no-op.
 *
 * Mismatches are never credited. A verified notification or status whose amount, currency or order does not
 * agree with ours puts the order in REVIEW and one row in the deposits module's unmatched queue (source 2,
 * unique per channel order), for an operator to match, refund or ignore. A REVIEW order is never credited automatically again,
 * so an operator's later match cannot double it. The deny-list and the deposit limits apply again at
 * crediting: money that arrives past a limit goes to the same queue.
 *
 * Frozen and self-excluded players (policy, also in the contract and README): money a player already paid
 * is theirs. It is credited to their balance like any other deposit, never refunded on a guess and never
 * queued; the freeze or self-exclusion that already blocks bets, game launches and withdrawals keeps the
 * money where it is until an operator unfreezes (or refunds through an adjustment) or the exclusion ends.
 * New orders are refused while frozen or excluded, so this only happens for orders made before.
 *
 * One channel's reports at its own path only. Channels of one system (one adapter) share its merchant secret,
 * so a report signed for one verifies at another's path. A report about an order of another channel, named
 * by our order id or by that channel's order id, is refused there and never queued; so every queue row is one
 * (channel, channel order id) of the channel that owns it, and an operator's match cannot credit a payment
 * the owning channel's path credits too.
 *
 * An operator's match. A queue row that names one of our orders is credited by the deposits module's match,
 * under another ledger key (`deposit:channel-unmatched:<order>`), so the ledger alone would not stop both
 * credits. This module registers the deposits' channel-match hooks: the match first locks the order and is
 * refused when the channel already completed it, and after its credit, in the same transaction, the order is
 * completed (when the money went to the order's own player) or kept in review. The channel path, locking the
 * same row, finds that state and credits nothing.
 *
 * Notifications that never come. The reconciler job asks the channel about PENDING orders older than a
 * minute (each at most once a minute), and the player's result screen may ask for one order at once; both go
 * through `settlePaid`, so a dropped notification delays a credit but never loses it.
 */

/** Amounts carry at most 4 decimals (as TRC20 orders). */
const AMOUNT_UNIT_MICRO = 100n;
const RECONCILE_AFTER_MS = 60_000;
const RECONCILE_BATCH = 50;
/** The result screen may trigger one status query per order at most this often. */
const PLAYER_CHECK_MS = 5_000;
const LEDGER_KEY_MAX = 128;

export interface ChannelsConfig {
  geo: Config['geo'];
  /** Where channels post notifications (Koi's public base URL) and where players come back (the web app). */
  channels: Config['channels'];
}

export interface ChannelsServiceDeps {
  db: Db;
  clock: Clock;
  config: ChannelsConfig;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  wallet: Pick<WalletService, 'transferIn'>;
  /** Turnover requirements of credited deposits (decision 23); the turnover module owns them. */
  turnover: Pick<TurnoverService, 'addRequirement'>;
  /** The deposit limits (checked when ordering and crediting) and the unmatched queue, owned by deposits. */
  deposits: Pick<
    DepositsService,
    'assertWithinLimits' | 'queueChannelReport' | 'queueReasonsOfChannelOrders'
  >;
  /** Told once a credit has committed (app.ts emits `deposit.credited`); never for a repeated delivery. */
  onCredited?: (fact: DomainEvents['deposit.credited']) => void;
  /** Adapters by the channel rows' `adapter` name. */
  adapters: ReadonlyMap<string, PaymentChannelAdapter>;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface ChannelView {
  id: number;
  code: string;
  name: string;
  icon: string;
  enabled: boolean;
  minMicro: bigint;
  maxMicro: bigint;
  feeFixedMicro: bigint;
  feeBp: number;
  currency: string;
  rate: string;
  sort: number;
  adapter: string;
  available: boolean;
}

export interface ChannelOrderView {
  orderNo: string;
  channelId: number;
  channelName: string;
  amountMicro: bigint;
  feeMicro: bigint;
  creditMicro: bigint;
  currency: string;
  rate: string;
  payAmount: string;
  status: number;
  payUrl: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export type NotificationOutcome =
  'credited' | 'duplicate' | 'review' | 'queued' | 'failed' | 'ignored' | 'replay' | 'refused';

/** Rate text (≤ 6 decimals, > 0) as micro-units; null when invalid. */
export function rateMicroOf(rate: string): bigint | null {
  const parsed = parseAmount(rate);
  return parsed.ok && parsed.micro > 0n ? parsed.micro : null;
}

/** USDT amount × rate in the channel's currency, rounded UP to its decimals (the platform is never short). */
export function payAmountOf(amountMicro: bigint, rate: string, currency: string): string {
  const rateMicro = rateMicroOf(rate);
  if (rateMicro === null) throw new Error(`invalid channel rate ${rate}`);
  return channelPayAmount(amountMicro, rateMicro, currency);
}

/** The channel's fee for an amount: fixed part plus the ratio rounded up to the micro. */
export function feeOf(channel: Pick<ChannelRow, 'feeFixedMicro' | 'feeBp'>, amountMicro: bigint): bigint {
  return channelFeeMicro(channel, amountMicro);
}

function ledgerKeyOf(channelCode: string, channelOrderId: string): string {
  const key = `deposit:channel:${channelCode}:${channelOrderId}`;
  return key.length <= LEDGER_KEY_MAX
    ? key
    : `deposit:channel:${createHash('sha256').update(key).digest('hex')}`;
}

/** A public order id: P, the UTC date and 10 random hex digits (the unique index is the backstop). */
function newOrderNo(now: Date): string {
  return `P${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function createChannelsService(deps: ChannelsServiceDeps) {
  const { db, clock, config, adapters } = deps;
  const repo = createChannelsRepository(db);
  const log = deps.log ?? { warn: (obj: object, msg: string) => console.warn(msg, obj) };

  const view = (c: ChannelRow): ChannelView => ({
    id: c.id,
    code: c.code,
    name: c.name,
    icon: c.icon,
    enabled: c.enabled,
    minMicro: c.minMicro,
    maxMicro: c.maxMicro,
    feeFixedMicro: c.feeFixedMicro,
    feeBp: c.feeBp,
    currency: c.currency,
    rate: c.rate,
    sort: c.sort,
    adapter: c.adapter,
    available: adapters.has(c.adapter),
  });

  async function orderView(o: ChannelOrderRow, channel?: ChannelRow | null): Promise<ChannelOrderView> {
    const c = channel ?? (await repo.channel(o.channelId));
    return {
      orderNo: o.orderNo,
      channelId: o.channelId,
      channelName: c?.name ?? '',
      amountMicro: o.amountMicro,
      feeMicro: o.feeMicro,
      creditMicro: o.amountMicro - o.feeMicro,
      currency: o.currency,
      rate: o.rate,
      payAmount: o.payAmount,
      status: o.status,
      payUrl: o.redirectUrl,
      createdAt: o.createdAt,
      completedAt: o.completedAt,
    };
  }

  /** What the channel reports, in USDT at the order's rate (for the queue), when its currency is the order's. */
  function reportedUsdt(state: ChannelOrderState, o: ChannelOrderRow | null, channel: ChannelRow): bigint {
    const currency = o?.currency ?? channel.currency;
    const rate = rateMicroOf(o?.rate ?? channel.rate);
    const paid = channelAmountMicro(state.amount);
    if (state.currency !== currency || rate === null || paid === null) return o?.amountMicro ?? 0n;
    return (paid * 1_000_000n) / rate;
  }

  /** Why a channel's report does not agree with our order; null when it does. */
  function disagreement(state: ChannelOrderState, o: ChannelOrderRow): string | null {
    if (o.providerRef && o.providerRef !== state.channelOrderId) return 'channel_order_mismatch';
    if (state.currency !== o.currency) return 'currency_mismatch';
    const reported = channelAmountMicro(state.amount);
    const expected = channelAmountMicro(o.payAmount);
    if (reported === null || reported !== expected) return 'amount_mismatch';
    return null;
  }

  /**
   * Puts a disagreeing order in REVIEW (a completed one stays completed) and queues the report once for
   * operators. Never credits.
   */
  async function queueMismatch(
    channel: ChannelRow,
    o: ChannelOrderRow | null,
    state: ChannelOrderState,
    reason: string,
  ): Promise<NotificationOutcome> {
    await withRetry(() =>
      db.transaction(async (tx) => {
        const r = createChannelsRepository(tx);
        const locked = o ? await r.lockOrder(o.id) : null;
        if (
          locked &&
          (locked.status === ChannelOrderStatus.PENDING || locked.status === ChannelOrderStatus.FAILED)
        ) {
          await r.updateOrder(locked.id, { status: ChannelOrderStatus.REVIEW, note: reason });
        }
        await deps.deposits.queueChannelReport(tx, {
          // A report naming one of our orders with another channel order id must not take that order's slot.
          channelOrderId: locked && reason !== 'channel_order_mismatch' ? locked.id : null,
          channelRef: `${channel.id}:${state.channelOrderId}`.slice(0, 200),
          amountMicro: reportedUsdt(state, locked, channel),
          reason,
          detail: {
            channel: channel.code,
            channel_order_id: state.channelOrderId,
            order_no: state.orderNo,
            reported_amount: state.amount,
            reported_currency: state.currency,
            reported_status: state.status,
            expected_amount: locked?.payAmount ?? null,
            expected_currency: locked?.currency ?? null,
          },
          orderPlayerId: locked?.playerId ?? null,
          createdAt: clock.now(),
        });
      }),
    );
    return 'queued';
  }

  /**
   * Credits a paid order once (see the design note). `state` must come from the channel's own status answer.
   */
  async function settlePaid(
    channel: ChannelRow,
    orderId: number,
    state: ChannelOrderState,
  ): Promise<NotificationOutcome> {
    let refused: { order: ChannelOrderRow; reason: string } | null = null;
    let credited: DomainEvents['deposit.credited'] | null = null;
    const outcome = await withRetry(() =>
      db.transaction(async (tx): Promise<NotificationOutcome> => {
        // A retried attempt starts afresh: only the attempt that commits says what happened.
        refused = null;
        credited = null;
        const r = createChannelsRepository(tx);
        const o = await r.lockOrder(orderId);
        if (!o) return 'ignored';
        if (o.status === ChannelOrderStatus.COMPLETED) return 'duplicate';
        if (o.status === ChannelOrderStatus.REVIEW) return 'review';
        const problem = disagreement(state, o);
        if (problem) {
          refused = { order: o, reason: problem };
          return 'queued';
        }
        const now = clock.now();
        // Decision 18: the deny-list and the player's limits apply again when the money arrives.
        if (isCountryDenied(config.geo, o.country)) {
          refused = { order: o, reason: 'region' };
          return 'queued';
        }
        try {
          await deps.deposits.assertWithinLimits(tx, o.playerId, o.amountMicro, now);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused = { order: o, reason: 'deposit_limit' };
          return 'queued';
        }
        await credit(tx, channel, o, state.channelOrderId, now);
        credited = { playerId: o.playerId, amountMicro: o.amountMicro - o.feeMicro, source: 'channel' };
        return 'credited';
      }),
    );
    const r = refused as { order: ChannelOrderRow; reason: string } | null;
    if (r) return queueMismatch(channel, r.order, state, r.reason);
    const fact = credited as DomainEvents['deposit.credited'] | null;
    if (fact) deps.onCredited?.(fact);
    return outcome;
  }

  /** The money movement of a credit, in the caller's transaction (order row locked by the caller). */
  async function credit(
    tx: DbOrTx,
    channel: ChannelRow,
    o: ChannelOrderRow,
    channelOrderId: string,
    now: Date,
  ) {
    const creditMicro = o.amountMicro - o.feeMicro;
    const key = ledgerKeyOf(channel.code, channelOrderId);
    await deps.wallet.transferIn(tx as Parameters<typeof deps.wallet.transferIn>[0], {
      key,
      debit: { system: SystemAccount.DEPOSIT_CLEARING },
      credit: { player: o.playerId },
      amountMicro: creditMicro,
      code: TransferCode.DEPOSIT,
      reference: { type: 'channel_order', id: o.orderNo },
      metadata: { channel: channel.code, channel_order_id: channelOrderId, fee: formatMicro(o.feeMicro) },
    });
    // Decision 23: 1× the credited amount in settled bets before it can be withdrawn; idempotent per order.
    await deps.turnover.addRequirement(
      {
        playerId: o.playerId,
        sourceType: 'deposit',
        sourceId: `channel:${o.orderNo}`,
        amountMicro: creditMicro,
      },
      tx,
    );
    await createChannelsRepository(tx).updateOrder(o.id, {
      status: ChannelOrderStatus.COMPLETED,
      completedAt: now,
      ledgerKey: key,
      providerRef: channelOrderId,
    });
  }

  async function markFailed(orderId: number, note: string) {
    await withRetry(() =>
      db.transaction(async (tx) => {
        const r = createChannelsRepository(tx);
        const o = await r.lockOrder(orderId);
        if (o && o.status === ChannelOrderStatus.PENDING) {
          await r.updateOrder(o.id, { status: ChannelOrderStatus.FAILED, note });
        }
      }),
    );
  }

  const adapterOf = (channel: ChannelRow) => adapters.get(channel.adapter) ?? null;

  /** Asks the channel about one order and acts on the answer; errors talking to it leave the order as it is. */
  async function reconcileOrder(
    channel: ChannelRow,
    o: ChannelOrderRow,
  ): Promise<NotificationOutcome | null> {
    const adapter = adapterOf(channel);
    if (!adapter || !o.providerRef) return null;
    await repo.updateOrder(o.id, { checkedAt: clock.now() });
    let state: ChannelOrderState;
    try {
      state = await adapter.queryStatus(o.providerRef);
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      log.warn({ order: o.orderNo, err: error.message }, 'channel status query failed');
      return null;
    }
    if (state.status === 'paid') return settlePaid(channel, o.id, state);
    if (state.status === 'failed') {
      await markFailed(o.id, 'channel: cancelled or expired');
      return 'failed';
    }
    return null;
  }

  return {
    /** Enabled channels whose adapter is configured (POST /api/pay/channel). */
    async list(): Promise<ChannelView[]> {
      return (await repo.channels(true)).map(view).filter((c) => c.available);
    },

    /** Every channel (console). */
    async adminList(): Promise<ChannelView[]> {
      return (await repo.channels(false)).map(view);
    },

    /**
     * Adds the given channels when their code is new (start-up seeding of the sandbox channels in demo and
     * development); an operator's edits to an existing row are kept.
     */
    async ensureChannels(
      rows: Parameters<ReturnType<typeof createChannelsRepository>['ensureChannel']>[0][],
    ) {
      for (const row of rows) await repo.ensureChannel(row);
    },

    /**
     * POST /api/plat/iPay/rechargeOrder: our order, then the channel's, then the hosted page's URL. The hosted page
     * sends the player back to `returnBaseUrl` (the origin the player is using, so they arrive signed in),
     * by default the configured one.
     */
    async rechargeOrder(
      playerId: number,
      channelId: number,
      amountText: string,
      country: string | null,
      returnBaseUrl: string = config.channels.returnBaseUrl ?? config.channels.notifyBaseUrl,
    ) {
      const parsed = parseAmount(amountText);
      if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
      const amountMicro = parsed.micro;
      if (amountMicro % AMOUNT_UNIT_MICRO !== 0n) throw new AppError('DEPOSIT_AMOUNT_PRECISION');
      const channel = await repo.channel(channelId);
      const adapter = channel?.enabled ? adapterOf(channel) : null;
      if (!channel || !adapter) throw new AppError('CHANNEL_NOT_FOUND');
      const feeMicro = feeOf(channel, amountMicro);
      if (amountMicro < channel.minMicro || amountMicro > channel.maxMicro || feeMicro >= amountMicro) {
        throw new AppError('CHANNEL_AMOUNT_OUT_OF_RANGE', {
          min: formatMicro(channel.minMicro, 2),
          max: formatMicro(channel.maxMicro, 2),
        });
      }
      if (isCountryDenied(config.geo, country)) throw new AppError('REGION_BLOCKED');
      await deps.gate.assertMayPlay(playerId);
      const now = clock.now();
      await deps.deposits.assertWithinLimits(db, playerId, amountMicro, now);
      const order = await repo.insertOrder({
        orderNo: newOrderNo(now),
        channelId: channel.id,
        playerId,
        amountMicro,
        feeMicro,
        currency: channel.currency,
        rate: channel.rate,
        payAmount: payAmountOf(amountMicro, channel.rate, channel.currency),
        status: ChannelOrderStatus.PENDING,
        country,
        createdAt: now,
      });
      const request = {
        orderNo: order.orderNo,
        payAmount: order.payAmount,
        currency: order.currency,
        notifyUrl: `${config.channels.notifyBaseUrl}/api/pay/notify/${encodeURIComponent(channel.code)}`,
        returnUrl: `${returnBaseUrl}/recharge?channel_order=${order.orderNo}`,
        subject: `Koi 充值 ${formatMicro(amountMicro, 2)} USDT`,
      };
      let created: { channelOrderId: string; payUrl: string } | null = null;
      for (let attempt = 1; attempt <= 2 && !created; attempt += 1) {
        try {
          created = await adapter.createOrder(request);
        } catch (error) {
          if (!(error instanceof ChannelError)) throw error;
          log.warn({ order: order.orderNo, attempt, err: error.message }, 'channel order creation failed');
          if (!error.retryable) break;
        }
      }
      if (!created) {
        await markFailed(order.id, 'channel order could not be created');
        throw new AppError('CHANNEL_UNAVAILABLE');
      }
      await repo.updateOrder(order.id, { providerRef: created.channelOrderId, redirectUrl: created.payUrl });
      return orderView(
        { ...order, providerRef: created.channelOrderId, redirectUrl: created.payUrl },
        channel,
      );
    },

    /**
     * A notification posted by a channel. Answers whether to acknowledge it (the channel stops re-sending)
     * and what happened. Nothing here trusts the body before the adapter verified it.
     */
    async notify(
      code: string,
      body: unknown,
    ): Promise<{ ack: boolean; answer: string; outcome: NotificationOutcome; detail?: string }> {
      const channel = await repo.channelByCode(code);
      const adapter = channel ? adapterOf(channel) : null;
      if (!channel || !adapter)
        return { ack: false, answer: 'fail', outcome: 'refused', detail: 'unknown channel' };
      const verified = adapter.verifyNotification(body);
      if (!verified.ok) {
        log.warn({ channel: code, reason: verified.reason }, 'channel notification refused');
        return { ack: false, answer: 'fail', outcome: 'refused', detail: verified.reason };
      }
      const n = verified.notification;
      const fresh = await repo.recordNotification({
        channelId: channel.id,
        notificationId: n.deliveryId,
        orderNo: n.orderNo.slice(0, 64),
        outcome: 'received',
        payload: n.payload,
        receivedAt: clock.now(),
      });
      // An exact copy of a delivery already handled: answered, never applied again.
      if (!fresh) return { ack: true, answer: adapter.acknowledgement, outcome: 'replay' };
      const outcome = await handle(channel, adapter, n);
      await repo.recordNotificationOutcome(channel.id, n.deliveryId, outcome.outcome);
      return { ...outcome, answer: outcome.ack ? adapter.acknowledgement : 'fail' };
    },

    /** The reconciler job: pending orders whose notification has not come. */
    async reconcile(): Promise<number> {
      const now = clock.now().getTime();
      const due = await repo.ordersToReconcile(
        new Date(now - RECONCILE_AFTER_MS),
        new Date(now - RECONCILE_AFTER_MS),
        RECONCILE_BATCH,
      );
      let settled = 0;
      const channels = new Map<number, ChannelRow | null>();
      for (const o of due) {
        if (!channels.has(o.channelId)) channels.set(o.channelId, await repo.channel(o.channelId));
        const channel = channels.get(o.channelId);
        if (!channel) continue;
        const outcome = await reconcileOrder(channel, o);
        if (outcome === 'credited' || outcome === 'failed' || outcome === 'queued') settled += 1;
      }
      return settled;
    },

    /**
     * One of the player's channel orders (the result screen). A pending order not asked about in the last few
     * seconds is asked about now, so a player who returns from the channel sees the outcome at once.
     */
    async order(playerId: number, orderNo: string): Promise<ChannelOrderView> {
      let o = await repo.orderByNo(orderNo);
      if (!o || o.playerId !== playerId) throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
      const channel = await repo.channel(o.channelId);
      const now = clock.now().getTime();
      if (
        channel &&
        o.status === ChannelOrderStatus.PENDING &&
        (!o.checkedAt || now - o.checkedAt.getTime() >= PLAYER_CHECK_MS)
      ) {
        await reconcileOrder(channel, o);
        o = (await repo.orderByNo(orderNo))!;
      }
      return orderView(o, channel);
    },

    /** Operators: enable/disable, limits, fee, rate, name, order. Validated; the caller audits in the same transaction. */
    async updateChannel(
      id: number,
      change: Partial<
        Pick<
          ChannelRow,
          'enabled' | 'name' | 'icon' | 'minMicro' | 'maxMicro' | 'feeBp' | 'feeFixedMicro' | 'rate' | 'sort'
        >
      >,
      audit: (tx: DbOrTx, change: { before: unknown; after: unknown }) => Promise<void>,
    ): Promise<ChannelView> {
      if (change.rate !== undefined && rateMicroOf(change.rate) === null) {
        throw new AppError('BAD_REQUEST', { detail: 'rate' });
      }
      const row = await db.transaction(async (tx) => {
        const r = createChannelsRepository(tx);
        const before = await r.lockChannel(id);
        if (!before) throw new AppError('CHANNEL_NOT_FOUND');
        const next = { ...before, ...change };
        if (next.minMicro <= 0n || next.maxMicro < next.minMicro) {
          throw new AppError('CHANNEL_SETTINGS_INVALID', {
            reason: { zh: '须满足 0 < 最低金额 ≤ 最高金额', en: '0 < minimum ≤ maximum is required' },
          });
        }
        if (feeOf(next, next.minMicro) >= next.minMicro) {
          throw new AppError('CHANNEL_SETTINGS_INVALID', {
            reason: { zh: '手续费不能达到最低金额', en: 'the fee must be below the minimum amount' },
          });
        }
        if (next.feeBp < 0 || next.feeBp > 10_000 || next.feeFixedMicro < 0n) {
          throw new AppError('CHANNEL_SETTINGS_INVALID', {
            reason: { zh: '手续费比例须在0%至100%之间', en: 'the fee rate must be between 0% and 100%' },
          });
        }
        const after = await r.updateChannel(id, { ...change, updatedAt: clock.now() });
        await audit(tx, { before: view(before), after: view(after!) });
        return after!;
      });
      return view(row);
    },

    /** Channel orders for the console (status filter, newest first), each with its queue reason if queued. */
    async adminOrders(statuses: number[], page: PageWindow) {
      const { rows, total } = await repo.adminOrders(statuses, page);
      const reasons = await deps.deposits.queueReasonsOfChannelOrders(rows.map((r) => r.order.id));
      return { rows: rows.map((r) => ({ ...r, reason: reasons.get(r.order.id) ?? null })), total };
    },

    /** The player's channel deposit records in a spec time range, newest first (inout-records). */
    async records(playerId: number, q: { range: TimeRange; page: number; size: number }) {
      const { from, to } = timeRangeBounds(q.range, clock.now());
      const rows = await repo.depositRecords(playerId, from, to, pageWindow(q));
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** What the player's completed channel orders count against the deposit limits (the deposits' hook). */
    creditedSince: (conn: DbOrTx, playerId: number, since: Date) =>
      createChannelsRepository(conn).creditedSince(playerId, since),

    /**
     * The deposits' channel-match hooks (see the design note). `lockForMatch` runs first in the match's
     * transaction: it locks the order and refuses when the channel already credited it.
     */
    async lockForMatch(tx: Tx, channelOrderId: number) {
      const order = await createChannelsRepository(tx).lockOrder(channelOrderId);
      if (order?.status === ChannelOrderStatus.COMPLETED) throw new AppError('UNMATCHED_CHANNEL_CREDITED');
    },

    /**
     * After the match's credit: the order leaves every state the channel path credits from (pending,
     * failed), completed when the money went to the order's own player (their result screen shows it
     * paid), else kept under review.
     */
    async matched(tx: Tx, m: { channelOrderId: number; playerId: number; ledgerKey: string; now: Date }) {
      const r = createChannelsRepository(tx);
      const order = await r.order(m.channelOrderId);
      if (!order) return;
      await r.updateOrder(
        order.id,
        order.playerId === m.playerId
          ? {
              status: ChannelOrderStatus.COMPLETED,
              completedAt: m.now,
              ledgerKey: m.ledgerKey,
              note: 'matched by operator',
            }
          : { status: ChannelOrderStatus.REVIEW, note: `matched by operator to player ${m.playerId}` },
      );
    },

    /** The notifications stored for an order (console detail; tests). */
    notificationsOf: (orderNo: string) => repo.notificationsOf(orderNo),
  };

  async function handle(
    channel: ChannelRow,
    adapter: PaymentChannelAdapter,
    n: ChannelOrderState,
  ): Promise<{ ack: boolean; outcome: NotificationOutcome; detail?: string }> {
    const found = await repo.orderByNo(n.orderNo);
    // Channels of one system share its secret, so a report signed for one verifies at another's path too.
    // One about another channel's order (by our order id or by the channel's) is refused, never queued: a
    // queued copy, matched later by an operator, would credit the payment the owning channel credits.
    if (
      (found && found.channelId !== channel.id) ||
      (await repo.otherChannelHasOrder(channel, n.channelOrderId))
    ) {
      log.warn(
        { channel: channel.code, order: n.orderNo, channel_order_id: n.channelOrderId },
        "channel notification about another channel's order",
      );
      return { ack: false, outcome: 'refused', detail: "another channel's order" };
    }
    const o = found;
    if (!o || (o.providerRef && o.providerRef !== n.channelOrderId)) {
      // Signed by the channel but not about an order of ours: money may sit at the channel for someone.
      if (n.status !== 'paid') return { ack: true, outcome: 'ignored', detail: 'unknown order' };
      return {
        ack: true,
        outcome: await queueMismatch(channel, o, n, o ? 'channel_order_mismatch' : 'unknown_order'),
      };
    }
    if (n.status === 'failed') {
      await markFailed(o.id, 'channel: cancelled or expired');
      return { ack: true, outcome: 'failed' };
    }
    if (n.status !== 'paid') return { ack: true, outcome: 'ignored' };
    const problem = disagreement(n, o);
    if (problem) return { ack: true, outcome: await queueMismatch(channel, o, n, problem) };
    if (o.status === ChannelOrderStatus.COMPLETED) return { ack: true, outcome: 'duplicate' };
    if (o.status === ChannelOrderStatus.REVIEW) return { ack: true, outcome: 'review' };
    // The notification agrees with the order; the channel's own answer decides whether money moves.
    let state: ChannelOrderState;
    try {
      state = await adapter.queryStatus(n.channelOrderId);
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      // Not acknowledged: the channel sends it again, and the reconciler asks later anyway.
      return { ack: false, outcome: 'refused', detail: 'status query failed' };
    }
    if (state.status !== 'paid') {
      log.warn(
        { order: o.orderNo, status: state.status },
        'signed paid notification the channel does not confirm',
      );
      return { ack: false, outcome: 'refused', detail: 'not paid at the channel' };
    }
    return { ack: true, outcome: await settlePaid(channel, o.id, state) };
  }
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
