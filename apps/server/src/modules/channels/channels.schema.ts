import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, id, listed, micro, microTotal, state, ts } from '../../db/columns';

/**
 * Hosted payment channels (decision 14): one row per channel, owned by the channels module. The adapter (code, not
 * data) says which client talks to it; its base URL and secret come from configuration, never from this
 * table. Operators enable/disable a channel and edit its limits, fee and rate in the console (audited).
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: id(),
    /** Which adapter serves it (`sandbox` today; see channel.adapter.ts). */
    adapter: text('adapter').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    ...listed(),
    /** Limits of one order's amount in USDT (what the player asks to deposit, before the fee). */
    minMicro: micro('min_micro').notNull(),
    maxMicro: micro('max_micro').notNull(),
    /** Fee ratio in basis points of the amount (rounded up to the micro), kept by the channel. */
    feeBp: integer('fee_bp').notNull().default(0),
    /** Fixed fee per order in micro-USDT, added to the ratio part. */
    feeFixedMicro: microTotal('fee_fixed_micro'),
    /** The currency the channel takes, and how many units of it one USDT costs (decimal string, 6 dp max). */
    currency: text('currency').notNull().default('USDT'),
    rate: text('rate').notNull().default('1'),
    updatedAt: ts('updated_at'),
  },
  (t) => [uniqueIndex('payment_channels_code_uq').on(t.code)],
);

/**
 * PENDING: created, waiting for the channel. COMPLETED: credited once (record status 1). FAILED: the channel
 * said cancelled/expired, or the order could not be created. REVIEW: a verified notification or status
 * disagreed with the order (amount, currency, order), or a rule refused the credit: queued for operators in
 * the deposits module's unmatched queue and never credited automatically.
 */
export const ChannelOrderStatus = { PENDING: 1, COMPLETED: 2, FAILED: 3, REVIEW: 4 } as const;

/** An order on a hosted payment channel; credited once, when the channel confirms it paid. */
export const channelOrders = pgTable(
  'channel_orders',
  {
    id: id(),
    /** Our order id: `order_id` on the wire and the channel's `merchant_order_id`. */
    orderNo: text('order_no').notNull(),
    channelId: bigintNumber('channel_id').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    /** What the player asked to deposit (USDT); the credit is amount − fee. */
    amountMicro: micro('amount_micro').notNull(),
    feeMicro: micro('fee_micro').notNull(),
    currency: text('currency').notNull(),
    /** The rate used, and the amount in the channel's currency as the channel must report it back. */
    rate: text('rate').notNull().default('1'),
    payAmount: text('pay_amount').notNull(),
    status: state('status', ChannelOrderStatus.PENDING),
    /** The channel's own order id, once it created the order. */
    providerRef: text('provider_ref'),
    redirectUrl: text('redirect_url'),
    country: text('country'),
    ledgerKey: text('ledger_key'),
    /** Why the order failed or went to review (operators and the result screen). */
    note: text('note'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    /** When the reconciler last asked the channel about this order. */
    checkedAt: ts('checked_at'),
  },
  (t) => [
    uniqueIndex('channel_orders_no_uq').on(t.orderNo),
    uniqueIndex('channel_orders_ref_uq').on(t.channelId, t.providerRef),
    index('channel_orders_player_idx').on(t.playerId, t.createdAt),
    index('channel_orders_open_idx')
      .on(t.createdAt)
      .where(sql`status = 1`),
  ],
);

/**
 * Each verified notification a channel sent, stored once by (channel, notification id + nonce): a replay of
 * a stored one is answered but never applied again. Notifications that fail the signature are not stored
 * (a stranger must not be able to fill this table); they are logged.
 */
export const channelNotifications = pgTable(
  'channel_notifications',
  {
    id: id(),
    channelId: bigintNumber('channel_id').notNull(),
    notificationId: text('notification_id').notNull(),
    orderNo: text('order_no').notNull(),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('channel_notifications_uq').on(t.channelId, t.notificationId)],
);
