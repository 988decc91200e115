import { useQuery } from '@tanstack/react-query';
import type { RedPacketDetail } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export const packetKeys = { one: (id: number) => ['redpackets', 'packet', id] as const };

/** One packet with its grabs; the server seed once it is closed. */
export const usePacketQuery = (id: number | null) =>
  useQuery({
    queryKey: packetKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<RedPacketDetail>(`/api/redpacket/packets/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: STALE.SECONDS_30,
  });
