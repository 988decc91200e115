import { useQuery } from '@tanstack/react-query';
import type { RedPacketDetail } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

/** How many of a room's newest packets the live room shows. */
export const FEED_SIZE = 20;

export const feedKeys = {
  all: ['redpackets', 'feed'] as const,
  room: (roomId: number) => ['redpackets', 'feed', roomId] as const,
};

/**
 * A room's newest packets. The live room refetches it whenever the room's topic on the events stream says a
 * packet arrived, was grabbed or closed; the slow poll is only the fallback while the stream is down.
 */
export const useRoomFeedQuery = (roomId: number | null) =>
  useQuery({
    queryKey: feedKeys.room(roomId ?? 0),
    queryFn: ({ signal }) =>
      api.get<RedPacketDetail[]>(`/api/redpacket/rooms/${roomId}/feed`, { size: FEED_SIZE }, { signal }),
    enabled: roomId !== null,
    staleTime: STALE.SECONDS_30,
    refetchInterval: STALE.SECONDS_30,
  });
