import type { z } from 'zod';
import type {
  adminMonthEndResult,
  adminRebateRunResult,
  adminRebateRunsResult,
  adminTournamentDetail,
  adminTournamentRequest,
  adminTournamentsResult,
  adminVipLevelsRequest,
  adminVipSettingsRequest,
  adminVipTableResult,
  adminVipWeightsRequest,
} from '@koi/contract';
import { http } from '../../lib/http';

/** The console's VIP calls (contract admin/vip.ts), the promotions area. */
export type VipTable = z.infer<typeof adminVipTableResult>;
export type RebateRuns = z.infer<typeof adminRebateRunsResult>;
export type RebateRunResult = z.infer<typeof adminRebateRunResult>;
export type Tournament = z.infer<typeof adminTournamentsResult>[number];
export type TournamentDetail = z.infer<typeof adminTournamentDetail>;
export type TournamentInput = z.input<typeof adminTournamentRequest>;

const A = '/api/admin/vip';

export const vipApi = {
  table: () => http.get<VipTable>(`${A}/table`),
  saveLevels: (body: z.input<typeof adminVipLevelsRequest>) => http.post<{ ok: true }>(`${A}/levels`, body),
  saveWeights: (body: z.input<typeof adminVipWeightsRequest>) =>
    http.post<{ ok: true }>(`${A}/weights`, body),
  saveSettings: (body: z.input<typeof adminVipSettingsRequest>) =>
    http.post<{ ok: true }>(`${A}/settings`, body),
  runs: (page: number, size: number) => http.get<RebateRuns>(`${A}/rebate-runs`, { page, size }),
  runDay: (day: string) => http.post<RebateRunResult>(`${A}/rebate-runs`, { day }),
  monthEnd: (month: string) => http.post<z.infer<typeof adminMonthEndResult>>(`${A}/month-end`, { month }),
  tournaments: () => http.get<Tournament[]>(`${A}/tournaments`),
  tournament: (id: number) => http.get<TournamentDetail>(`${A}/tournaments/${id}`),
  createTournament: (body: TournamentInput) => http.post<Tournament>(`${A}/tournaments`, body),
  updateTournament: (id: number, body: TournamentInput) =>
    http.post<Tournament>(`${A}/tournaments/${id}`, body),
  payTournament: (id: number) => http.post<{ paid: number }>(`${A}/tournaments/${id}/pay`),
};
