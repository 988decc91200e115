import type { z } from 'zod';
import type { bonusRow } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';

export type Bonus = z.infer<typeof bonusRow>;

/** POST /api/plat/bonuses: every promotional credit with its turnover progress. */
export const useBonusesQuery = () =>
  usePlayerQuery(
    (token) => ['promotions', 'bonuses', token],
    () => api.post<Bonus[]>('/api/plat/bonuses', {}, { silent: true }),
  );
