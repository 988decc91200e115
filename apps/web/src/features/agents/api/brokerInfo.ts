import type { BrokerInfo } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/info: level, team, team valid bets and commission. */
export const useBrokerInfoQuery = () =>
  usePlayerQuery(agentKeys.info, () => api.post<BrokerInfo>('/api/plat/broker/info'));
