import type { AgentTier } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { STALE } from '../../../lib/query';
import { agentKeys } from './keys';

/** POST /api/plat/broker/template: the operator's tier table. */
export const useTemplateQuery = () =>
  usePlayerQuery(
    agentKeys.template,
    () => api.post<{ tiers: AgentTier[] }>('/api/plat/broker/template').then((r) => r.tiers),
    { staleTime: STALE.MINUTES_5 },
  );
