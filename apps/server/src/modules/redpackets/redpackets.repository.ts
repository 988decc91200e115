import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { countRows, type DbOrTx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import {
  findRow,
  insertRow,
  lockRow,
  pageWithTotal,
  selectIds,
  selectPage,
  selectRows,
  updateRow,
} from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  redPacketGrabs,
  redPacketRooms,
  redPackets,
  RedPacketState,
  type RoomRow,
  type RoomInsert,
  type PacketRow,
  type GrabRow,
} from './redpackets.schema';

export interface PacketWithGrabs {
  packet: PacketRow;
  roomName: string;
  roomNameEn: string | null;
  grabs: GrabRow[];
}

/** SQL of the red packets: rooms, packets and grabs. */
export function createRedPacketsRepository(db: DbOrTx) {
  const packetWithGrabsQuery = () =>
    db
      .select({
        packet: redPackets,
        roomName: redPacketRooms.name,
        roomNameEn: redPacketRooms.nameEn,
        grab: redPacketGrabs,
      })
      .from(redPackets)
      .leftJoin(redPacketRooms, eq(redPacketRooms.id, redPackets.roomId))
      .leftJoin(redPacketGrabs, eq(redPacketGrabs.packetId, redPackets.id))
      .where(eq(redPackets.id, sql.placeholder('id')))
      .orderBy(asc(redPacketGrabs.seq));
  let unlockedPacketWithGrabs: ReturnType<ReturnType<typeof packetWithGrabsQuery>['prepare']> | undefined;

  return {
    rooms: (opts: { enabledOnly: boolean }): Promise<RoomRow[]> =>
      selectRows(db, redPacketRooms, {
        where: opts.enabledOnly ? eq(redPacketRooms.enabled, true) : undefined,
        orderBy: [asc(redPacketRooms.sort), asc(redPacketRooms.id)],
        limit: 200,
      }),

    room: (id: number): Promise<RoomRow | null> => findRow(db, redPacketRooms, eq(redPacketRooms.id, id)),
    lockRoom: (id: number): Promise<RoomRow | null> => lockRow(db, redPacketRooms, eq(redPacketRooms.id, id)),
    insertRoom: (row: RoomInsert): Promise<RoomRow> => insertRow(db, redPacketRooms, row),
    updateRoom: (id: number, set: Partial<RoomInsert>): Promise<RoomRow | null> =>
      updateRow(db, redPacketRooms, eq(redPacketRooms.id, id), set),
    roomCount: (): Promise<number> => countRows(db, redPacketRooms),

    /** Open packets per room, for the room list. */
    async openCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ roomId: redPackets.roomId, n: sql<number>`count(*)::int` })
        .from(redPackets)
        .where(eq(redPackets.state, RedPacketState.OPEN))
        .groupBy(redPackets.roomId);
      return new Map(rows.map((r) => [r.roomId, r.n]));
    },

    packet: (id: number): Promise<PacketRow | null> => findRow(db, redPackets, eq(redPackets.id, id)),

    /**
     * The packet with its room's name and its grabs in place order, in one statement (a grab's hot path reads
     * nothing else of this module). With `lock` the packet's row (not its grabs) is held until the transaction
     * ends, as `lockPacket` holds it. The unlocked read, which every grab request makes, is a prepared
     * statement: built once per repository and planned once per connection.
     */
    async packetWithGrabs(id: number, lock: boolean): Promise<PacketWithGrabs | null> {
      const rows = lock
        ? await packetWithGrabsQuery().for('update', { of: redPackets }).execute({ id })
        : await (unlockedPacketWithGrabs ??= packetWithGrabsQuery().prepare('red_packet_with_grabs')).execute(
            {
              id,
            },
          );
      const first = rows[0];
      if (!first) return null;
      return {
        packet: first.packet,
        roomName: first.roomName ?? '',
        roomNameEn: first.roomNameEn ?? null,
        grabs: rows.flatMap((r) => (r.grab ? [r.grab] : [])),
      };
    },

    /** The packet, locked until the transaction ends: every grab and the close of one packet queue here. */
    lockPacket: (id: number): Promise<PacketRow | null> => lockRow(db, redPackets, eq(redPackets.id, id)),
    packetByKey: (senderId: number, key: string): Promise<PacketRow | null> =>
      findRow(db, redPackets, and(eq(redPackets.senderId, senderId), eq(redPackets.idempotencyKey, key))),
    insertPacket: (row: typeof redPackets.$inferInsert): Promise<PacketRow> => insertRow(db, redPackets, row),
    setSplit: (id: number, split: string[]) =>
      db.update(redPackets).set({ split }).where(eq(redPackets.id, id)),
    close: (id: number, set: { closeReason: number; refundedMicro: bigint; closedAt: Date }) =>
      db
        .update(redPackets)
        .set({ ...set, state: RedPacketState.CLOSED })
        .where(eq(redPackets.id, id)),

    /** Waits for and holds, until the transaction ends, the one lock every close takes (db/locks.ts). */
    async lockCloses() {
      await db.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.RED_PACKET_CLOSE})`);
    },

    /** Open packets that are due to close (every share taken, or past their time), oldest first. */
    dueIds: (now: Date, limit: number): Promise<number[]> =>
      selectIds(db, redPackets, {
        where: and(
          eq(redPackets.state, RedPacketState.OPEN),
          or(lte(redPackets.expiresAt, now), sql`${redPackets.grabbed} = ${redPackets.shares}`),
        ),
        orderBy: [asc(redPackets.expiresAt)],
        limit,
      }),

    /** The newest packets of a room. */
    roomFeed: (roomId: number, size: number): Promise<PacketRow[]> =>
      selectRows(db, redPackets, {
        where: eq(redPackets.roomId, roomId),
        orderBy: [desc(redPackets.id)],
        limit: size,
      }),

    sentPage: (senderId: number, page: PageWindow) =>
      selectPage(db, redPackets, {
        where: eq(redPackets.senderId, senderId),
        orderBy: [desc(redPackets.id)],
        ...page,
      }),

    /** Packets the player grabbed from, newest grab first. */
    async grabbedPage(playerId: number, page: PageWindow) {
      const where = eq(redPacketGrabs.playerId, playerId);
      const { rows, total } = await pageWithTotal(
        db,
        redPacketGrabs,
        db.select({ packetId: redPacketGrabs.packetId }).from(redPacketGrabs).$dynamic(),
        { where, orderBy: [desc(redPacketGrabs.id)], ...page },
      );
      const ids = rows.map((r) => r.packetId);
      const packets = ids.length
        ? await selectRows(db, redPackets, {
            where: inArray(redPackets.id, ids),
            orderBy: [desc(redPackets.id)],
            limit: ids.length,
          })
        : [];
      const byId = new Map(packets.map((p) => [p.id, p]));
      return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
    },

    adminPage(filter: { roomId?: number; state?: number; senderId?: number }, page: PageWindow) {
      const where: SQL[] = [];
      if (filter.roomId) where.push(eq(redPackets.roomId, filter.roomId));
      if (filter.state) where.push(eq(redPackets.state, filter.state));
      if (filter.senderId !== undefined) where.push(eq(redPackets.senderId, filter.senderId));
      return selectPage(db, redPackets, {
        where: where.length ? and(...where) : undefined,
        orderBy: [desc(redPackets.id)],
        ...page,
      });
    },

    grabsOf: (packetIds: number[]): Promise<GrabRow[]> =>
      packetIds.length === 0
        ? Promise.resolve([])
        : selectRows(db, redPacketGrabs, {
            where: inArray(redPacketGrabs.packetId, packetIds),
            orderBy: [asc(redPacketGrabs.packetId), asc(redPacketGrabs.seq)],
            limit: packetIds.length * 10,
          }),

    /**
     * Records the grab and counts it on its packet in one statement (the update runs as a data-modifying WITH
     * beside the insert): a grab's transaction is on its packet's critical path, and each round trip in it is
     * time every grabber behind it waits. The caller holds the packet's row lock.
     */
    async insertGrab(row: typeof redPacketGrabs.$inferInsert): Promise<GrabRow> {
      const counted = db
        .$with('counted')
        .as(
          db
            .update(redPackets)
            .set({ grabbed: row.seq })
            .where(eq(redPackets.id, row.packetId))
            .returning({ id: redPackets.id }),
        );
      const [grab] = await db.with(counted).insert(redPacketGrabs).values(row).returning();
      return grab!;
    },
  };
}

export type RedPacketsRepository = ReturnType<typeof createRedPacketsRepository>;
