import type { BrokerSuperior } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/superior/performance: my branch as my upline sees it. */
export const useSuperiorQuery = (range: 1 | 2 | 3) =>
  usePlayerQuery(
    (token) => agentKeys.superior(token, range),
    () => api.post<BrokerSuperior>('/api/plat/broker/superior/performance', { range }),
  );
