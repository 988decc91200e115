import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedPacketDetail } from '@koi/contract';
import { api } from '../../../lib/http';
import { userKeys } from '../../auth/api/userInfo';
import { feedKeys } from './feed';
import { historyKeys } from './history';

export type SendRequest = {
  room_id: number;
  total: string;
  shares: string;
  mine_digit: string;
  client_seed: string;
  /** One per packet the player means to send, reused when a lost answer is retried. */
  idempotency_key: string;
};

/** Sends a packet; the total leaves the balance at once, so the balance and the room are refetched. */
export function useSendMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SendRequest) => api.post<RedPacketDetail>('/api/redpacket/send', request),
    onSuccess: (packet) => {
      void client.invalidateQueries({ queryKey: userKeys.all });
      void client.invalidateQueries({ queryKey: feedKeys.room(packet.room_id) });
      void client.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
