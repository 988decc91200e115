import { and, asc, desc, eq, gte, isNotNull, lte, ne, or, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  findRow,
  inStates,
  insertNew,
  insertRow,
  lockRow,
  selectRows,
  sumMicro,
  updateRow,
} from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import type { DepositRecordRow } from '../deposits';
import { channelNotifications, ChannelOrderStatus, channelOrders, paymentChannels } from './channels.schema';

/** SQL of the payment channels module. The channels service decides; constraints enforce. */
export function createChannelsRepository(db: DbOrTx) {
  return {
    async channels(onlyEnabled: boolean): Promise<ChannelRow[]> {
      return selectRows(db, paymentChannels, {
        where: onlyEnabled ? eq(paymentChannels.enabled, true) : undefined,
        orderBy: [asc(paymentChannels.sort), asc(paymentChannels.id)],
      });
    },

    channel: (id: number) => findRow(db, paymentChannels, eq(paymentChannels.id, id)),

    channelByCode: (code: string) => findRow(db, paymentChannels, eq(paymentChannels.code, code)),

    lockChannel: (id: number) => lockRow(db, paymentChannels, eq(paymentChannels.id, id)),

    /** Adds a channel when its code is new (seeding); an operator's later edits are never overwritten. */
    async ensureChannel(row: NewChannel) {
      await db.insert(paymentChannels).values(row).onConflictDoNothing({ target: paymentChannels.code });
    },

    async updateChannel(id: number, set: Partial<NewChannel>): Promise<ChannelRow | null> {
      return updateRow(db, paymentChannels, eq(paymentChannels.id, id), set);
    },

    async insertOrder(row: typeof channelOrders.$inferInsert): Promise<ChannelOrderRow> {
      return insertRow(db, channelOrders, row);
    },

    order: (id: number) => findRow(db, channelOrders, eq(channelOrders.id, id)),

    orderByNo: (orderNo: string) => findRow(db, channelOrders, eq(channelOrders.orderNo, orderNo)),

    lockOrder: (id: number) => lockRow(db, channelOrders, eq(channelOrders.id, id)),

    /**
     * Whether another channel of the same channel system (same adapter) has an order with this channel order
     * id: channel order ids are unique within a system, so such an order is the one the report is about.
     */
    async otherChannelHasOrder(channel: { id: number; adapter: string }, channelOrderId: string) {
      const rows = await db
        .select({ id: channelOrders.id })
        .from(channelOrders)
        .innerJoin(paymentChannels, eq(paymentChannels.id, channelOrders.channelId))
        .where(
          and(
            eq(channelOrders.providerRef, channelOrderId),
            eq(paymentChannels.adapter, channel.adapter),
            ne(paymentChannels.id, channel.id),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async updateOrder(id: number, set: Partial<typeof channelOrders.$inferInsert>) {
      await db.update(channelOrders).set(set).where(eq(channelOrders.id, id));
    },

    /**
     * Pending orders the channel has (a channel order id) that are older than `before` and were not asked
     * about since `checkedBefore`: the reconciler's work list, oldest first.
     */
    async ordersToReconcile(before: Date, checkedBefore: Date, limit: number): Promise<ChannelOrderRow[]> {
      return selectRows(db, channelOrders, {
        where: and(
          eq(channelOrders.status, ChannelOrderStatus.PENDING),
          isNotNull(channelOrders.providerRef),
          lte(channelOrders.createdAt, before),
          or(isNull(channelOrders.checkedAt), lte(channelOrders.checkedAt, checkedBefore)),
        ),
        orderBy: [asc(channelOrders.id)],
        limit,
      });
    },

    /** Stores a verified notification once; false when this exact delivery was stored before (a replay). */
    recordNotification: (row: typeof channelNotifications.$inferInsert) =>
      insertNew(db, channelNotifications, row, [
        channelNotifications.channelId,
        channelNotifications.notificationId,
      ]),

    async recordNotificationOutcome(channelId: number, notificationId: string, outcome: string) {
      await db
        .update(channelNotifications)
        .set({ outcome })
        .where(
          and(
            eq(channelNotifications.channelId, channelId),
            eq(channelNotifications.notificationId, notificationId),
          ),
        );
    },

    async notificationsOf(orderNo: string) {
      return selectRows(db, channelNotifications, {
        where: eq(channelNotifications.orderNo, orderNo),
        orderBy: [asc(channelNotifications.id)],
      });
    },

    /** Orders for the console: by status (empty = all), newest first, with the channel's name. */
    async adminOrders(statuses: number[], { limit, offset }: PageWindow) {
      const where = inStates(channelOrders.status, statuses);
      const rows = await db
        .select({
          order: channelOrders,
          channelName: paymentChannels.name,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(channelOrders)
        .innerJoin(paymentChannels, eq(paymentChannels.id, channelOrders.channelId))
        .where(where)
        .orderBy(desc(channelOrders.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** What the player's completed channel orders added since `since` (their amounts, as the deposit limits count them). */
    creditedSince: (playerId: number, since: Date): Promise<bigint> =>
      sumMicro(
        db,
        channelOrders.amountMicro,
        and(
          eq(channelOrders.playerId, playerId),
          eq(channelOrders.status, ChannelOrderStatus.COMPLETED),
          gte(channelOrders.completedAt, since),
        ),
      ),

    /** The player's channel orders in a time window as deposit records, newest first. */
    async depositRecords(playerId: number, from: Date, to: Date, { limit, offset }: PageWindow) {
      return queryRows<DepositRecordRow & { total: number }>(
        db,
        sql`select 'channel' as kind, co.order_no, co.created_at, co.amount_micro::text,
                   (co.amount_micro - co.fee_micro)::text as actual_amount_micro,
                   co.fee_micro::text, co.status::int,
                   pc.name as channel, co.provider_ref as tx_id, count(*) over ()::int as total
            from channel_orders co join payment_channels pc on pc.id = co.channel_id
            where co.player_id = ${playerId} and co.created_at >= ${from} and co.created_at < ${to}
            order by co.created_at desc, co.order_no desc
            limit ${limit} offset ${offset}`,
      );
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
export type ChannelRow = typeof paymentChannels.$inferSelect;
export type ChannelOrderRow = typeof channelOrders.$inferSelect;
export type NewChannel = typeof paymentChannels.$inferInsert;
