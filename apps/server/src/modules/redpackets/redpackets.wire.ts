import type {
  AdminRedPacketDetail,
  AdminRedPacketRoom,
  Locale,
  RedPacketDetail,
  RedPacketRoom,
} from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import { localName } from '../../lib/local-name';
import type { RoomRow } from './redpackets.schema';
import { RedPacketCloseReason, RedPacketState } from './redpackets.schema';
import { bpText, type PacketView } from './redpackets.service';

/**
 * A username as other players see it: its first two characters and its last, the rest hidden ("ab***z"),
 * enough to recognise yourself and a friend, not enough to find a stranger's account.
 */
export function maskName(name: string): string {
  if (name.length <= 3) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}

/** A share as the game shows it: 2 decimals, rounded down (the 2nd decimal is the mine digit). */
export const shownShare = (micro: bigint) => formatMicro(micro, 2);

export const roomToWire = (room: RoomRow, openPackets: number, locale: Locale): RedPacketRoom => ({
  id: room.id,
  name: localName(room.name, room.nameEn, locale),
  min_stake: formatMicro(room.minStakeMicro),
  max_stake: formatMicro(room.maxStakeMicro),
  shares_min: room.sharesMin,
  shares_max: room.sharesMax,
  mine_multiple: bpText(room.mineMultipleBp, 10_000),
  fee_rate: bpText(room.feeBp, 100),
  lifetime_seconds: room.lifetimeSeconds,
  enabled: room.enabled,
  open_packets: openPackets,
});

/** The console edits both names, so it gets both: `name` is always the Chinese one. */
export const adminRoomToWire = (room: RoomRow, openPackets: number): AdminRedPacketRoom => ({
  ...roomToWire(room, openPackets, 'zh-CN'),
  name_en: room.nameEn,
  sort: room.sort,
  created_at: room.createdAt.toISOString(),
  updated_at: room.updatedAt.toISOString(),
});

/** The packet as a player sees it; the server seed only once the packet is closed. */
export function packetToWire(v: PacketView, viewerId: number | null, locale: Locale): RedPacketDetail {
  const { packet: p, grabs, names } = v;
  const closed = p.state === RedPacketState.CLOSED;
  const nameOf = (id: number) => maskName(names.get(id) ?? '?');
  return {
    id: p.id,
    room_id: p.roomId,
    room_name: localName(v.roomName, v.roomNameEn, locale),
    sender: nameOf(p.senderId),
    is_mine: viewerId === p.senderId,
    total: formatMicro(p.totalMicro),
    shares: p.shares,
    grabbed: p.grabbed,
    mine_digit: p.mineDigit,
    mine_multiple: bpText(p.mineMultipleBp, 10_000),
    mine_payment: formatMicro(p.minePaymentMicro),
    fee_rate: bpText(p.feeBp, 100),
    state: closed ? 'closed' : 'open',
    close_reason:
      p.closeReason === RedPacketCloseReason.ALL_GRABBED
        ? 'all_grabbed'
        : p.closeReason === RedPacketCloseReason.EXPIRED
          ? 'expired'
          : null,
    refunded: p.refundedMicro === null ? null : formatMicro(p.refundedMicro),
    expires_at: p.expiresAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
    server_seed_hash: p.serverSeedHash,
    client_seed: p.clientSeed,
    server_seed: closed ? p.serverSeed : null,
    grabs: grabs.map((g) => ({
      seq: g.seq,
      player: nameOf(g.playerId),
      is_me: viewerId === g.playerId,
      share: formatMicro(g.shareMicro),
      share_shown: shownShare(g.shareMicro),
      mine_hit: g.mineHit,
      mine_payment: g.mineHit ? formatMicro(g.holdMicro) : null,
      created_at: g.createdAt.toISOString(),
    })),
    my_seq: grabs.find((g) => g.playerId === viewerId)?.seq ?? null,
  };
}

/** The console's view: the player's view with real names and ids (never the seed before the close). */
export function adminPacketToWire(v: PacketView): AdminRedPacketDetail {
  const name = (id: number) => v.names.get(id) ?? '';
  return {
    ...packetToWire(v, null, 'zh-CN'),
    sender_id: v.packet.senderId,
    sender_username: name(v.packet.senderId),
    grabbers: v.grabs.map((g) => ({
      seq: g.seq,
      player_id: g.playerId,
      username: name(g.playerId),
      share: formatMicro(g.shareMicro),
    })),
  };
}
