import type { BrokerPlayerLogRow } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/player/log: members, newest first, with their activity in the range. */
export const usePlayerLogQuery = (range: 1 | 2 | 3) =>
  usePlayerQuery(
    (token) => agentKeys.playerLog(token, range),
    () =>
      api.post<{ data: BrokerPlayerLogRow[]; total: number }>('/api/plat/broker/player/log', {
        range,
        size: 100,
      }),
  );
