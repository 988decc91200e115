import type { InviteResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { STALE } from '../../../lib/query';
import { agentKeys } from './keys';

/** POST /api/plat/invite: the web and Telegram links and their QR codes (they change only with the code). */
export const useInviteQuery = () =>
  usePlayerQuery(
    agentKeys.invite,
    () => api.post<InviteResult>('/api/plat/invite', undefined, { silent: true }),
    {
      staleTime: STALE.HOURS_1,
    },
  );
