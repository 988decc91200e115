import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { taskDetailResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';

export type PromotionDetail = z.infer<typeof taskDetailResult>;

/** By id, or by activity_type (the home banners open 9 and 999, spec §2). */
export type DetailRef = { id?: number; activityType?: number };

export const detailKey = (token: string | null, ref: DetailRef) =>
  ['promotions', 'detail', token, ref.id ?? null, ref.activityType ?? null] as const;

export const fetchTaskDetail = (ref: DetailRef, signal?: AbortSignal) =>
  api.get<PromotionDetail>(
    '/api/plat/task/detail',
    { id: ref.id, activity_type: ref.activityType },
    { signal, silent: true },
  );

export function useTaskDetailQuery(ref: DetailRef) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: detailKey(token, ref),
    queryFn: ({ signal }) => fetchTaskDetail(ref, signal),
    enabled: Boolean(ref.id || ref.activityType),
    staleTime: STALE.SECONDS_30,
  });
}
