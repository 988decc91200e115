import { z } from 'zod';
import {
  flagField,
  intField,
  isoTime,
  listResult,
  moneyString,
  optionalText,
  pageQuery,
  playerFields,
  text,
} from '../common';
import { redPacketDetail, redPacketRoom } from '../redpackets';
import { englishText, sortField } from './shared';

// Red-packet rooms and packets (community area). Rooms are configured and audited; packets are read-only, so
// the console can see a split but never steer one.

/** GET /api/admin/redpacket/rooms */
export const adminRedPacketRoom = redPacketRoom.extend({
  name: z.string().describe('The Chinese name'),
  name_en: z.string().nullable().describe('null: English mode shows name'),
  sort: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminRedPacketRoom = z.infer<typeof adminRedPacketRoom>;
export const adminRedPacketRoomsResult = z.array(adminRedPacketRoom);

/**
 * POST /api/admin/redpacket/rooms (create: every field) and /api/admin/redpacket/rooms/:id (edit: any subset;
 * `enabled: 0` closes the room to new packets). The server checks the rules with its own messages.
 */
export const adminRedPacketRoomRequest = z.strictObject({
  name: text(32).optional(),
  name_en: englishText(64).optional().describe('English name; empty: English mode shows name'),
  min_stake: text(40).optional().describe('USDT'),
  max_stake: text(40).optional().describe('USDT'),
  shares_min: intField({ min: 0, max: 100 }).optional(),
  shares_max: intField({ min: 0, max: 100 }).optional(),
  mine_multiple: text(12).optional().describe('e.g. "1.8" (0.1–10, at most 2 decimals)'),
  fee_rate: text(12)
    .optional()
    .describe('Percent of a mine payment kept by the house, 0–50, at most 2 decimals'),
  lifetime_seconds: intField({ min: 0, max: 1_000_000 }).optional().describe('60–86400'),
  enabled: flagField().optional(),
  sort: sortField.optional(),
  reason: optionalText(256),
});

/** GET /api/admin/redpacket/packets */
export const adminRedPacketsQuery = z.strictObject({
  room_id: intField({ min: 0 }).optional(),
  state: z.enum(['', 'open', 'closed']).optional().default(''),
  player: optionalText(64).describe('Sender username (exact)'),
  ...pageQuery,
});

export const adminRedPacketRow = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  room_name: z.string(),
  sender_id: z.number().int(),
  sender: z.string(),
  total: moneyString,
  shares: z.number().int(),
  grabbed: z.number().int(),
  mine_digit: z.number().int().nullable(),
  state: z.enum(['open', 'closed']),
  close_reason: z.enum(['all_grabbed', 'expired']).nullable(),
  server_seed_hash: z.string(),
  created_at: isoTime,
  expires_at: isoTime,
  closed_at: isoTime.nullable(),
});
export const adminRedPacketsResult = listResult(adminRedPacketRow);

/** GET /api/admin/redpacket/packets/:id: the player's view with real usernames (the seed only after close). */
export const adminRedPacketDetail = redPacketDetail.extend({
  sender_id: z.number().int(),
  sender_username: z.string(),
  grabbers: z.array(
    z.object({
      seq: z.number().int(),
      ...playerFields,
      share: moneyString,
    }),
  ),
});
export type AdminRedPacketDetail = z.infer<typeof adminRedPacketDetail>;
