import type { BrokerPlayerLog } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/**
 * POST /api/plat/broker/player/log: members, newest first, with their first deposit and activity in the range,
 * and the team's first deposits in the range.
 */
export const usePlayerLogQuery = (range: 1 | 2 | 3) =>
  usePlayerQuery(
    (token) => agentKeys.playerLog(token, range),
    () =>
      api.post<BrokerPlayerLog>('/api/plat/broker/player/log', {
        range,
        size: 100,
      }),
  );
