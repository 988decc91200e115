import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimAllResult, taskReceiveResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';
import { promotionKeys } from './taskList';

/**
 * POST /api/plat/task/receive: claims one promotion. Failures are not toasted here: the screen shows the
 * server's reason beside the button, where the player is looking.
 */
export function useClaimMutation() {
  const invalidate = useInvalidate(promotionKeys.all, userKeys.all);
  return useMutation({
    mutationFn: (id: number) =>
      api.post<z.infer<typeof taskReceiveResult>>('/api/plat/task/receive', { id }, { silent: true }),
    onSettled: invalidate,
  });
}

/** POST /api/task/get/receive: claims everything claimable; each item answers on its own. */
export function useClaimAllMutation() {
  const invalidate = useInvalidate(promotionKeys.all, userKeys.all);
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof claimAllResult>>('/api/task/get/receive', {}, { silent: true }),
    onSettled: invalidate,
  });
}
