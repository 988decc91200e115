import { useQuery } from '@tanstack/react-query';
import type { RedPacketRoom } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export const roomKeys = { all: ['redpackets', 'rooms'] as const };

/** The rooms players can send into, with their terms (operator-configured). */
export const useRoomsQuery = (enabled: boolean) =>
  useQuery({
    queryKey: roomKeys.all,
    queryFn: ({ signal }) => api.get<RedPacketRoom[]>('/api/redpacket/rooms', undefined, { signal }),
    staleTime: STALE.SECONDS_30,
    enabled,
  });
