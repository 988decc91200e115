import type { AdminWithdrawal } from '@koi/contract';
import type { Page } from './api';
import { http, type Params } from './http';

/** The console's withdrawal review calls (contract: `packages/contract/src/withdrawals.ts`, decision 22). */
const W = '/api/admin/withdrawals';

export const withdrawalsApi = {
  list: (params: Params) => http.get<Page<AdminWithdrawal>>(W, params),
  one: (id: number) => http.get<AdminWithdrawal>(`${W}/${id}`),
  approve: (id: number, reason: string) =>
    http.post<AdminWithdrawal>(`${W}/${id}/approve`, reason ? { reason } : {}),
  reject: (id: number, reason: string) => http.post<AdminWithdrawal>(`${W}/${id}/reject`, { reason }),
};
