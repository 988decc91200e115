import { z } from 'zod';
import { intField, isoTime, listResult, moneyString, optionalText, pageQuery, text } from './common';

/**
 * Red packets (扫雷, decisions 27 and 38). A room is configured by the operator; a player sends a packet into a
 * room (total, shares, an optional mine digit, a client seed); grabbers take the shares in arrival order. The
 * split is fixed at send from a fresh server seed (only its SHA-256 is shown until the packet closes), the
 * client seed and the packet id, with `splitRedPacket` of `@koi/fair`, so anyone can recompute it.
 *
 * Amounts are decimal USDT strings with 6 decimals; a share "shows" with 2 decimals (rounded down) and its
 * 2nd decimal is the digit compared with the mine.
 *
 * Business rules are checked by the server with their own messages (codes 9000–9499), so most fields here
 * are loose text: a wrong total or mine digit is answered with a sentence, not a schema error.
 */

export const redPacketRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  min_stake: moneyString.describe('Smallest total a packet of this room may have'),
  max_stake: moneyString.describe('Largest total'),
  shares_min: z.number().int().describe('5–10'),
  shares_max: z.number().int().describe('5–10'),
  mine_multiple: z
    .string()
    .describe('What a grabber who hits the mine pays, as a multiple of the total ("1.8")'),
  fee_rate: z.string().describe('The house\'s share of every mine payment, percent ("5")'),
  lifetime_seconds: z.number().int().describe('An open packet expires this long after it was sent'),
  enabled: z.boolean().describe('false: closed to new packets (open ones still run to their end)'),
  open_packets: z.number().int(),
});
export type RedPacketRoom = z.infer<typeof redPacketRoom>;
export const redPacketRoomsResult = z.array(redPacketRoom);

export const redPacketSendRequest = z.strictObject({
  room_id: intField({ min: 1 }),
  total: text(40).describe("USDT, at most 2 decimals, within the room's stake range"),
  shares: text(4).describe("5–10, within the room's range"),
  mine_digit: optionalText(4).describe('1–9, or empty for a packet without a mine'),
  client_seed: optionalText(64).describe('Mixed into the split; empty = a random one'),
  idempotency_key: text(128).describe(
    'Chosen by the client per packet; a retry with it returns the first packet',
  ),
});

export const redPacketGrabRequest = z.strictObject({ packet_id: intField({ min: 1 }) });
export const redPacketIdParams = z.strictObject({ id: intField({ min: 1 }) });

export const redPacketGrabRow = z.object({
  seq: z.number().int().describe('Arrival order, 1 = first'),
  player: z.string().describe('Masked username'),
  is_me: z.boolean(),
  share: moneyString,
  share_shown: z.string().describe('The share with 2 decimals, rounded down'),
  mine_hit: z.boolean(),
  mine_payment: moneyString
    .nullable()
    .describe('What the grabber pays the sender on a hit (held until close)'),
  created_at: isoTime,
});
export type RedPacketGrabRow = z.infer<typeof redPacketGrabRow>;

export const redPacketState = z.enum(['open', 'closed']);
export const redPacketCloseReason = z.enum(['all_grabbed', 'expired']);

export const redPacketDetail = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  room_name: z.string(),
  sender: z.string().describe('Masked username'),
  is_mine: z.boolean().describe('The signed-in player sent it'),
  total: moneyString,
  shares: z.number().int(),
  grabbed: z.number().int(),
  mine_digit: z.number().int().nullable(),
  mine_multiple: z.string(),
  mine_payment: moneyString.describe("total × the room's multiple, frozen when the packet was sent"),
  fee_rate: z.string(),
  state: redPacketState,
  close_reason: redPacketCloseReason.nullable(),
  refunded: moneyString.nullable().describe('Unclaimed shares returned to the sender at close'),
  expires_at: isoTime,
  created_at: isoTime,
  closed_at: isoTime.nullable(),
  server_seed_hash: z.string().describe('SHA-256 of the server seed, shown from the moment of sending'),
  client_seed: z.string(),
  server_seed: z.string().nullable().describe('Revealed when the packet closes; null while it is open'),
  grabs: z.array(redPacketGrabRow),
  my_seq: z.number().int().nullable().describe("The signed-in player's place among the grabbers"),
});
export type RedPacketDetail = z.infer<typeof redPacketDetail>;

export const redPacketGrabResult = z.object({
  packet: redPacketDetail,
  seq: z.number().int(),
  share: moneyString,
  mine_hit: z.boolean(),
  repeated: z.boolean().describe('true: this player had already grabbed; the first grab is answered'),
});
export type RedPacketGrabResult = z.infer<typeof redPacketGrabResult>;

export const redPacketFeedQuery = z.strictObject({
  size: intField({ min: 1, max: 50 }).optional().default(20),
});
export const redPacketFeedResult = z.array(redPacketDetail);

export const redPacketHistoryQuery = z.strictObject({
  kind: z.enum(['sent', 'grabbed']).optional().default('sent'),
  ...pageQuery,
});
export const redPacketHistoryResult = listResult(redPacketDetail);
export type RedPacketHistoryResult = z.infer<typeof redPacketHistoryResult>;

/** The live room's signal on the events stream (`event: redpacket`): the client refetches the packet. */
export const redPacketSignal = z.object({
  type: z.enum(['sent', 'grabbed', 'closed']),
  room_id: z.number().int(),
  packet_id: z.number().int(),
});
export type RedPacketSignal = z.infer<typeof redPacketSignal>;
/** The events-stream topic of one room. */
export const redPacketRoomTopic = (roomId: number) => `redpacket.room.${roomId}`;
