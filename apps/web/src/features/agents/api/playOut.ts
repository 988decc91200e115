import type { BrokerPlayOutRow } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/play/out: members' valid bets by member and day (first 100 rows of the range). */
export const usePlayOutQuery = (range: 1 | 2 | 3) =>
  usePlayerQuery(
    (token) => agentKeys.playOut(token, range),
    () =>
      api.post<{ data: BrokerPlayOutRow[]; total: number }>('/api/plat/broker/play/out', {
        range,
        size: 100,
      }),
  );
