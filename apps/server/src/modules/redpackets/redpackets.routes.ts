import {
  adminIdParams,
  adminRedPacketDetail,
  adminRedPacketRoomRequest,
  adminRedPacketRoomsResult,
  adminRedPacketsQuery,
  adminRedPacketsResult,
  adminRedPacketRoom,
  redPacketDetail,
  redPacketFeedQuery,
  redPacketFeedResult,
  redPacketGrabRequest,
  redPacketGrabResult,
  redPacketHistoryQuery,
  redPacketHistoryResult,
  redPacketIdParams,
  redPacketRoomsResult,
  redPacketSendRequest,
} from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import { pageWindow } from '../../lib/paging';
import { sessionOf } from '../../plugins/auth';
import { localeOf } from '../../plugins/locale';
import {
  type ApiRoutes,
  type AuditedRoutes,
  auditedRoutesPlugin,
  listed,
  routesPlugin,
} from '../../plugins/routes';
import type { RedPacketsService, RoomPatchInput } from './redpackets.service';
import { adminPacketToWire, adminRoomToWire, packetToWire, roomToWire } from './redpackets.wire';

/** The player's red-packet routes: rooms, send, grab, a packet, the room's feed, my history. */
function redPacketsApi(api: ApiRoutes, { service }: { service: RedPacketsService }) {
  api.player.get(
    '/api/redpacket/rooms',
    { summary: '红包房间列表（金额范围、份数、中雷倍数、手续费、有效期）', result: redPacketRoomsResult },
    async (request) =>
      (await service.rooms()).map(({ room, openPackets }) =>
        roomToWire(room, openPackets, localeOf(request)),
      ),
  );

  api.player.post(
    '/api/redpacket/send',
    {
      summary: '发红包：金额从余额转入托管，拆分在发送时由服务器种子、客户端种子与红包编号决定',
      body: redPacketSendRequest,
      result: redPacketDetail,
    },
    async (request) => {
      const { playerId } = sessionOf(request);
      const b = request.body;
      const view = await service.send(playerId, {
        roomId: b.room_id,
        total: b.total,
        shares: b.shares,
        mineDigit: b.mine_digit,
        clientSeed: b.client_seed,
        idempotencyKey: b.idempotency_key,
      });
      return packetToWire(view, playerId, localeOf(request));
    },
  );

  api.player.post(
    '/api/redpacket/grab',
    {
      summary: '抢红包：按到达顺序每人一份；有雷的红包须冻结中雷赔付金额直至红包结束',
      body: redPacketGrabRequest,
      result: redPacketGrabResult,
    },
    async (request) => {
      const { playerId, player } = sessionOf(request);
      const { view, grab, repeated } = await service.grab(playerId, request.body.packet_id, player);
      return {
        packet: packetToWire(view, playerId, localeOf(request)),
        seq: grab.seq,
        share: formatMicro(grab.shareMicro),
        mine_hit: grab.mineHit,
        repeated,
      };
    },
  );

  api.player.get(
    '/api/redpacket/packets/:id',
    {
      summary: '红包详情（结束后含服务器种子，可验证拆分）',
      params: redPacketIdParams,
      result: redPacketDetail,
    },
    async (request) =>
      packetToWire(await service.view(request.params.id), sessionOf(request).playerId, localeOf(request)),
  );

  api.player.get(
    '/api/redpacket/rooms/:id/feed',
    {
      summary: '房间最新红包（实时更新经 /api/plat/events?topic=redpacket.room.<id>）',
      params: redPacketIdParams,
      querystring: redPacketFeedQuery,
      result: redPacketFeedResult,
    },
    async (request) => {
      const { playerId } = sessionOf(request);
      const views = await service.feed(request.params.id, request.query.size);
      return views.map((v) => packetToWire(v, playerId, localeOf(request)));
    },
  );

  api.player.get(
    '/api/redpacket/history',
    {
      summary: '我的红包记录：发出的（sent）或抢到的（grabbed）',
      querystring: redPacketHistoryQuery,
      result: redPacketHistoryResult,
    },
    async (request) => {
      const { playerId } = sessionOf(request);
      const found = await service.history(playerId, request.query.kind, pageWindow(request.query));
      return listed(found, (v) => packetToWire(v, playerId, localeOf(request)));
    },
  );
}

export const redPacketsRoutes = routesPlugin(['红包扫雷'], redPacketsApi);

type RoomBody = (typeof adminRedPacketRoomRequest)['_output'];
const roomPatch = (b: RoomBody): RoomPatchInput => ({
  name: b.name,
  nameEn: b.name_en,
  minStake: b.min_stake,
  maxStake: b.max_stake,
  sharesMin: b.shares_min,
  sharesMax: b.shares_max,
  mineMultiple: b.mine_multiple,
  feeRate: b.fee_rate,
  lifetimeSeconds: b.lifetime_seconds,
  enabled: b.enabled,
  sort: b.sort,
});

/** The console: rooms (create, edit, close; audited) and packets (read only). */
function redPacketsAdminApi(
  { read, write, audit }: AuditedRoutes,
  { service }: { service: RedPacketsService },
) {
  read.get(
    '/api/admin/redpacket/rooms',
    { summary: '红包房间（含已关闭）', result: adminRedPacketRoomsResult },
    async () =>
      (await service.adminRooms()).map(({ room, openPackets }) => adminRoomToWire(room, openPackets)),
  );

  write.post(
    '/api/admin/redpacket/rooms',
    { summary: '新建红包房间', body: adminRedPacketRoomRequest, result: adminRedPacketRoom },
    async (request) => {
      const logged = audit.writer(
        request,
        'redpacket.room_create',
        { type: 'redpacket_room', id: 'new' },
        request.body.reason,
      );
      return adminRoomToWire(await service.createRoom(roomPatch(request.body), logged), 0);
    },
  );

  write.post(
    '/api/admin/redpacket/rooms/:id',
    {
      summary: '修改红包房间（enabled=0 关闭房间，已发出的红包照常进行）',
      params: adminIdParams,
      body: adminRedPacketRoomRequest,
      result: adminRedPacketRoom,
    },
    async (request) => {
      const id = request.params.id;
      const logged = audit.writer(
        request,
        'redpacket.room_update',
        { type: 'redpacket_room', id },
        request.body.reason,
      );
      const room = await service.updateRoom(id, roomPatch(request.body), logged);
      const open = (await service.adminRooms()).find((r) => r.room.id === id)?.openPackets ?? 0;
      return adminRoomToWire(room, open);
    },
  );

  read.get(
    '/api/admin/redpacket/packets',
    { summary: '红包列表（只读）', querystring: adminRedPacketsQuery, result: adminRedPacketsResult },
    async (request) => {
      const q = request.query;
      const found = await service.adminPackets(
        { roomId: q.room_id || undefined, state: q.state || undefined, player: q.player || undefined },
        pageWindow(q),
      );
      return {
        total: found.total,
        data: found.rows.map((v) => {
          const d = adminPacketToWire(v);
          return {
            id: d.id,
            room_id: d.room_id,
            room_name: d.room_name,
            sender_id: d.sender_id,
            sender: d.sender_username,
            total: d.total,
            shares: d.shares,
            grabbed: d.grabbed,
            mine_digit: d.mine_digit,
            state: d.state,
            close_reason: d.close_reason,
            server_seed_hash: d.server_seed_hash,
            created_at: d.created_at,
            expires_at: d.expires_at,
            closed_at: d.closed_at,
          };
        }),
      };
    },
  );

  read.get(
    '/api/admin/redpacket/packets/:id',
    {
      summary: '红包详情（份额、抢包人、种子哈希；结束后公开种子）',
      params: adminIdParams,
      result: adminRedPacketDetail,
    },
    async (request) => adminPacketToWire(await service.view(request.params.id)),
  );
}

export const redPacketsAdminRoutes = auditedRoutesPlugin(['后台：红包'], 'community', redPacketsAdminApi);
