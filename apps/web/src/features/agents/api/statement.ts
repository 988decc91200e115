import type { BrokerStatement } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { STALE } from '../../../lib/query';
import { agentKeys } from './keys';

/** POST /api/plat/broker/statement: one day's lines, CSV and hashes (a settled statement never changes). */
export const useStatementQuery = (day: string) =>
  usePlayerQuery(
    (token) => agentKeys.statement(token, day),
    () => api.post<BrokerStatement>('/api/plat/broker/statement', { day }),
    { staleTime: STALE.INFINITY },
  );
