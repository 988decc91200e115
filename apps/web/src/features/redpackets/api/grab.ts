import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedPacketDetail, RedPacketGrabResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { userKeys } from '../../auth/api/userInfo';
import { feedKeys } from './feed';
import { historyKeys } from './history';
import { packetKeys } from './packet';

/**
 * Grabs the next share of a packet. A repeated grab answers the first one, so a double tap never takes two
 * shares; the packet in the answer replaces the room's copy at once, before the refetch.
 */
export function useGrabMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packetId: number) =>
      api.post<RedPacketGrabResult>('/api/redpacket/grab', { packet_id: packetId }),
    onSuccess: (result) => {
      const packet = result.packet;
      client.setQueryData(packetKeys.one(packet.id), packet);
      client.setQueryData<RedPacketDetail[]>(feedKeys.room(packet.room_id), (list) =>
        list?.map((p) => (p.id === packet.id ? packet : p)),
      );
      void client.invalidateQueries({ queryKey: userKeys.all });
      void client.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
