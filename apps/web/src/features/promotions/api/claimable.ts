import type { z } from 'zod';
import type { claimableResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';

export type Claimable = z.infer<typeof claimableResult>;

/** GET /api/task/get/log/receive: everything the player can claim now (the benefit centre). */
export const useClaimableQuery = () =>
  usePlayerQuery(
    (token) => ['promotions', 'claimable', token],
    () => api.get<Claimable>('/api/task/get/log/receive', undefined, { silent: true }),
  );
