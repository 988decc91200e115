import type { z } from 'zod';
import type { claimAllResult, taskReceiveResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { useReloadingMutation } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';
import { promotionKeys } from './taskList';

/**
 * POST /api/plat/task/receive: claims one promotion. Failures are not toasted here: the screen shows the
 * server's reason beside the button, where the player is looking.
 */
export function useClaimMutation() {
  return useReloadingMutation([promotionKeys.all, userKeys.all], (id: number) =>
    api.post<z.infer<typeof taskReceiveResult>>('/api/plat/task/receive', { id }, { silent: true }),
  );
}

/** POST /api/task/get/receive: claims everything claimable; each item answers on its own. */
export function useClaimAllMutation() {
  return useReloadingMutation([promotionKeys.all, userKeys.all], () =>
    api.post<z.infer<typeof claimAllResult>>('/api/task/get/receive', {}, { silent: true }),
  );
}
