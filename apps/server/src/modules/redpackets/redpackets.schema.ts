import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bigintNumber,
  bilingualName,
  createdAt,
  flag,
  id,
  listed,
  micro,
  rowRef,
  seedPair,
  stakeLimits,
  state,
  ts,
  updatedAt,
} from '../../db/columns';

/** A packet's life: open while shares remain and it has not expired, then closed once (decision 27). */
export const RedPacketState = { OPEN: 1, CLOSED: 2 } as const;
/** Why a packet closed. */
export const RedPacketCloseReason = { ALL_GRABBED: 1, EXPIRED: 2 } as const;

/** What a mine hit costs and the house's fee on that payment: set on a room, copied onto each packet. */
const mineTerms = () => ({
  mineMultipleBp: integer('mine_multiple_bp').notNull(),
  feeBp: integer('fee_bp').notNull(),
});

/**
 * A room as the operator configures it: the stake range of a packet, its number of shares, what a mine hit
 * costs (total × multiple, in basis points: 10 000 = 1×) and the house's fee on that payment (basis points),
 * and how long a packet stays open.
 */
export const redPacketRooms = pgTable(
  'red_packet_rooms',
  {
    id: id(),
    ...bilingualName(),
    ...stakeLimits('stake'),
    sharesMin: smallint('shares_min').notNull(),
    sharesMax: smallint('shares_max').notNull(),
    ...mineTerms(),
    lifetimeSeconds: integer('lifetime_seconds').notNull(),
    ...listed(),
    createdAt: createdAt().defaultNow(),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [
    check(
      'red_packet_rooms_shares_ck',
      sql`${t.sharesMin} >= 5 and ${t.sharesMax} <= 10 and ${t.sharesMin} <= ${t.sharesMax}`,
    ),
    check(
      'red_packet_rooms_stake_ck',
      sql`${t.minStakeMicro} > 0 and ${t.minStakeMicro} <= ${t.maxStakeMicro}`,
    ),
  ],
);
export type RoomRow = typeof redPacketRooms.$inferSelect;
export type RoomInsert = typeof redPacketRooms.$inferInsert;

/**
 * One packet. The split (`split`, micro-USDT as decimal strings, in grab order) is computed once at send from
 * `server_seed`, `client_seed` and the id, and never written again; `server_seed` is shown only once the
 * packet is closed. The room's multiple and fee are copied in, so an operator's later edit of the room cannot
 * change the terms of a packet already sent.
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: id(),
    roomId: rowRef('room_id', () => redPacketRooms.id),
    senderId: bigintNumber('sender_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    totalMicro: micro('total_micro').notNull(),
    shares: smallint('shares').notNull(),
    mineDigit: smallint('mine_digit'),
    ...mineTerms(),
    minePaymentMicro: micro('mine_payment_micro').notNull(),
    ...seedPair(),
    split: jsonb('split').$type<string[]>(),
    grabbed: smallint('grabbed').notNull().default(0),
    state: state('state', RedPacketState.OPEN),
    closeReason: smallint('close_reason'),
    refundedMicro: micro('refunded_micro'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('red_packets_sender_key_uq').on(t.senderId, t.idempotencyKey),
    index('red_packets_room_idx').on(t.roomId, t.id),
    index('red_packets_sender_idx').on(t.senderId, t.id),
    index('red_packets_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 1`),
    check('red_packets_grabbed_ck', sql`${t.grabbed} >= 0 and ${t.grabbed} <= ${t.shares}`),
    check('red_packets_mine_digit_ck', sql`${t.mineDigit} is null or ${t.mineDigit} between 1 and 9`),
  ],
);
export type PacketRow = typeof redPackets.$inferSelect;

/**
 * One grab: the grabber's place (`seq`, 1 = first) and the share of that place. The two unique indexes are
 * the database's own guarantee that no share is taken twice and no player grabs one packet twice, whatever
 * happens above them; the packet's row lock is what orders grabs.
 */
export const redPacketGrabs = pgTable(
  'red_packet_grabs',
  {
    id: id(),
    packetId: rowRef('packet_id', () => redPackets.id),
    seq: smallint('seq').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    shareMicro: micro('share_micro').notNull(),
    mineHit: flag('mine_hit'),
    /** The mine payment held from the grabber while the packet is open; 0 for a packet without a mine. */
    holdMicro: micro('hold_micro').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('red_packet_grabs_seq_uq').on(t.packetId, t.seq),
    uniqueIndex('red_packet_grabs_player_uq').on(t.packetId, t.playerId),
    index('red_packet_grabs_player_idx').on(t.playerId, t.id),
  ],
);
export type GrabRow = typeof redPacketGrabs.$inferSelect;
