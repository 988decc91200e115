import type { z } from 'zod';
import type { rebateReceiveResult, rebatesResult, vipReceiveAllResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerPages, useReloadingMutation } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';
import { nextPage, type RecordPage } from '../../records/api/records';

/** GET /api/vip/rebates: the player's rebates by day with the bets they came from (backRecords, income). */
export type Rebate = z.infer<typeof rebatesResult>['data'][number];
export type RebateFilter = 0 | 1 | 2;
export type RebatesPage = RecordPage<Rebate> & { claimable: string; claimed: string };
export const REBATES_PAGE_SIZE = 20;

export const rebateKeys = {
  all: ['rebates'] as const,
  list: (token: string | null, status: RebateFilter) => ['rebates', 'list', token, status] as const,
};

export async function fetchRebates(status: RebateFilter, page: number): Promise<RebatesPage> {
  const r = await api.get<z.infer<typeof rebatesResult>>('/api/vip/rebates', {
    status,
    page,
    size: REBATES_PAGE_SIZE,
  });
  return { items: r.data, total: r.total, claimable: r.claimable, claimed: r.claimed };
}

export function useRebatesQuery(status: RebateFilter) {
  return usePlayerPages(
    (token) => rebateKeys.list(token, status),
    (page) => fetchRebates(status, page),
    nextPage,
  );
}

/** A claim moves money: the rebate lists and the balance reload before it counts as done. */
export function useClaimRebateMutation() {
  return useReloadingMutation([rebateKeys.all, userKeys.all], (day: string) =>
    api.post<z.infer<typeof rebateReceiveResult>>('/api/vip/rebate/receive', { day }),
  );
}

export function useClaimAllRebatesMutation() {
  return useReloadingMutation([rebateKeys.all, userKeys.all], () =>
    api.post<z.infer<typeof vipReceiveAllResult>>('/api/vip/rebate/receive-all'),
  );
}
