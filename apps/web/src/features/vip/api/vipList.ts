import type { z } from 'zod';
import type {
  vipCheckInResult,
  vipListResult,
  vipReceiveAllResult,
  vipRewardReceiveResult,
} from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery, useReloadingMutation } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';

/** GET /api/vip/list: the VIP table, the player's level and progress, and their rewards. */
export type VipList = z.infer<typeof vipListResult>;
export type VipReward = VipList['rewards'][number];

export const vipKeys = {
  all: ['vip'] as const,
  list: (token: string | null) => ['vip', 'list', token] as const,
};

export const useVipListQuery = () => usePlayerQuery(vipKeys.list, () => api.get<VipList>('/api/vip/list'));

/** Claiming moves money: the VIP list and the balance reload before the claim counts as done. */
export function useClaimRewardMutation() {
  return useReloadingMutation([vipKeys.all, userKeys.all], (id: number) =>
    api.post<z.infer<typeof vipRewardReceiveResult>>('/api/vip/reward/receive', { id }),
  );
}

export function useClaimAllRewardsMutation() {
  return useReloadingMutation([vipKeys.all, userKeys.all], () =>
    api.post<z.infer<typeof vipReceiveAllResult>>('/api/vip/reward/receive-all'),
  );
}

/** POST /api/vip/checkin: today's check-in, paid at once. */
export function useCheckInMutation() {
  return useReloadingMutation([vipKeys.all, userKeys.all], () =>
    api.post<z.infer<typeof vipCheckInResult>>('/api/vip/checkin'),
  );
}
