import type { CommissionIncome } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { agentKeys } from './keys';

/** POST /api/plat/broker/income: commission pending today, paid in all, and the settled days. */
export const useCommissionIncomeQuery = () =>
  usePlayerQuery(agentKeys.income, () => api.post<CommissionIncome>('/api/plat/broker/income', { size: 60 }));
