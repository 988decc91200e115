import type { AdminWithdrawal } from '@koi/contract';

/** An address type's payout method as the console configures it. */
export type PayoutMethod = {
  type: '1' | '2' | '3';
  name: string;
  enabled: boolean;
  manual: boolean;
  updated_at: string | null;
};
import type { Page } from './api';
import { http, type Params } from './http';

/** The console's withdrawal review calls (contract: `packages/contract/src/withdrawals.ts`, decision 22). */
const W = '/api/admin/withdrawals';

export const withdrawalsApi = {
  list: (params: Params) =>
    http.get<Page<AdminWithdrawal> & { attention: { alerts: number; manual: number } }>(W, params),
  one: (id: number) => http.get<AdminWithdrawal>(`${W}/${id}`),
  approve: (id: number, reason: string) =>
    http.post<AdminWithdrawal>(`${W}/${id}/approve`, reason ? { reason } : {}),
  reject: (id: number, reason: string) => http.post<AdminWithdrawal>(`${W}/${id}/reject`, { reason }),
  settlePropose: (id: number, body: { outcome: 'paid' | 'failed'; reference: string; note: string }) =>
    http.post<AdminWithdrawal>(`${W}/${id}/settle/propose`, body),
  settleConfirm: (id: number) => http.post<AdminWithdrawal>(`${W}/${id}/settle/confirm`, {}),
  methods: () => http.get<PayoutMethod[]>(`${W}/payout-methods`),
  setMethod: (type: string, body: { enabled: boolean; name: string }) =>
    http.post<PayoutMethod>(`${W}/payout-methods/${type}`, body),
  settleCancel: (id: number) => http.post<AdminWithdrawal>(`${W}/${id}/settle/cancel`, {}),
};
