import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { promotionItem } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';

export type PromotionItem = z.infer<typeof promotionItem>;

/** Every promotion query starts with this key, so a claim can mark them all stale at once. */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (token: string | null) => ['promotions', 'list', token] as const,
};

/** GET /api/plat/task/list: running promotions, with the player's state when signed in (a guest sees them too). */
export const fetchTaskList = (signal?: AbortSignal) =>
  api.get<PromotionItem[]>('/api/plat/task/list', undefined, { signal, silent: true });

export function useTaskListQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: promotionKeys.list(token),
    queryFn: ({ signal }) => fetchTaskList(signal),
    staleTime: STALE.SECONDS_30,
  });
}
