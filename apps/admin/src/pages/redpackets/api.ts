import type { z } from 'zod';
import type { AdminRedPacketDetail, AdminRedPacketRoom, adminRedPacketRow } from '@koi/contract';
import { http, type Params } from '../../lib/http';
import type { Page } from '../../lib/api';

export type AdminRedPacketRow = z.infer<typeof adminRedPacketRow>;
export type RoomFields = {
  name?: string;
  /** Empty clears it: English mode then shows `name`. */
  name_en?: string;
  min_stake?: string;
  max_stake?: string;
  shares_min?: number;
  shares_max?: number;
  mine_multiple?: string;
  fee_rate?: string;
  lifetime_seconds?: number;
  enabled?: boolean;
  sort?: number;
  reason?: string;
};

const A = '/api/admin/redpacket';

/** The console's red-packet calls (contract `admin/redpackets.ts`). */
export const redPacketsApi = {
  rooms: () => http.get<AdminRedPacketRoom[]>(`${A}/rooms`),
  createRoom: (body: RoomFields) => http.post<AdminRedPacketRoom>(`${A}/rooms`, body),
  updateRoom: (id: number, body: RoomFields) => http.post<AdminRedPacketRoom>(`${A}/rooms/${id}`, body),
  packets: (params: Params) => http.get<Page<AdminRedPacketRow>>(`${A}/packets`, params),
  packet: (id: number) => http.get<AdminRedPacketDetail>(`${A}/packets/${id}`),
};
