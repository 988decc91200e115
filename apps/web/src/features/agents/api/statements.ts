import type { StatementSummary } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/statements: my settled days, newest first. */
export const useStatementsQuery = () =>
  usePlayerQuery(agentKeys.statements, () =>
    api.post<{ data: StatementSummary[]; total: number }>('/api/plat/broker/statements', { size: 60 }),
  );
