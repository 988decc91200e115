import type { z } from 'zod';
import type {
  betDetailResult,
  BetDetailRow,
  betRecordsResult,
  BetRecordRow,
  BillChange,
  billChangeResult,
  inoutRecord,
  inoutRecordsResult,
  WinLossReport,
} from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerPages, usePlayerQuery } from '../../../lib/playerQuery';

/** Spec §2 time range tabs: 1 yesterday, 2 today (the server's default), 3 the last 7 days (UTC+8 days). */
export type TimeRange = 1 | 2 | 3;
export const TIME_RANGES: readonly TimeRange[] = [1, 2, 3];
export const RECORDS_PAGE_SIZE = 20;

export const recordKeys = {
  all: ['records'] as const,
  bets: (token: string | null, range: TimeRange) => ['records', 'bets', token, range] as const,
  betDetail: (token: string | null, platTypeId: number, gameCode: string, range: TimeRange) =>
    ['records', 'betDetail', token, platTypeId, gameCode, range] as const,
  bills: (token: string | null, range: TimeRange) => ['records', 'bills', token, range] as const,
  inout: (token: string | null, range: TimeRange, type: InoutType) =>
    ['records', 'inout', token, range, type] as const,
  winLoss: (token: string | null, range: TimeRange) => ['records', 'winLoss', token, range] as const,
};

/** One page of any record list, in one shape whatever the endpoint calls its fields. */
export type RecordPage<T> = { items: T[]; total: number };

export type BetRecordsPage = RecordPage<BetRecordRow> & {
  summary: z.infer<typeof betRecordsResult>['summary'];
};

export async function fetchBetRecords(range: TimeRange, page: number): Promise<BetRecordsPage> {
  const r = await api.post<z.infer<typeof betRecordsResult>>('/api/plat/bet-records', {
    range,
    page,
    size: RECORDS_PAGE_SIZE,
  });
  return { items: r.data, total: r.total, summary: r.summary };
}

export async function fetchBetDetail(
  q: { platTypeId: number; gameCode: string; range: TimeRange },
  page: number,
): Promise<RecordPage<BetDetailRow>> {
  const r = await api.post<z.infer<typeof betDetailResult>>('/api/plat/bet-detail', {
    plat_type_id: q.platTypeId,
    game_code: q.gameCode,
    range: q.range,
    page,
    size: RECORDS_PAGE_SIZE,
  });
  return { items: r.data, total: r.total };
}

export async function fetchBillChanges(range: TimeRange, page: number): Promise<RecordPage<BillChange>> {
  const r = await api.post<z.infer<typeof billChangeResult>>('/api/plat/bill-change', {
    time: range,
    page,
    size: RECORDS_PAGE_SIZE,
  });
  return { items: r.list, total: r.total };
}

/** A deposit or withdrawal of the player (POST /api/plat/inout-records). */
export type InoutRecord = z.infer<typeof inoutRecord>;
/** 0 all, 1 deposits, 2 withdrawals. */
export type InoutType = 0 | 1 | 2;

export async function fetchInoutRecords(
  range: TimeRange,
  type: InoutType,
  page: number,
): Promise<RecordPage<InoutRecord>> {
  const r = await api.post<z.infer<typeof inoutRecordsResult>>('/api/plat/inout-records', {
    range,
    type,
    page,
    size: RECORDS_PAGE_SIZE,
  });
  return { items: r.list, total: r.total };
}

/** The next page while fewer rows than `total` have arrived (and the last page was not empty). */
export function nextPage<T>(last: RecordPage<T>, pages: RecordPage<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

export function useBetRecordsQuery(range: TimeRange) {
  return usePlayerPages(
    (token) => recordKeys.bets(token, range),
    (page) => fetchBetRecords(range, page),
    nextPage,
  );
}

export function useBetDetailQuery(platTypeId: number, gameCode: string, range: TimeRange) {
  return usePlayerPages(
    (token) => recordKeys.betDetail(token, platTypeId, gameCode, range),
    (page) => fetchBetDetail({ platTypeId, gameCode, range }, page),
    nextPage,
    platTypeId > 0 && gameCode !== '',
  );
}

export function useBillChangesQuery(range: TimeRange) {
  return usePlayerPages(
    (token) => recordKeys.bills(token, range),
    (page) => fetchBillChanges(range, page),
    nextPage,
  );
}

export function useInoutRecordsQuery(range: TimeRange, type: InoutType) {
  return usePlayerPages(
    (token) => recordKeys.inout(token, range, type),
    (page) => fetchInoutRecords(range, type, page),
    nextPage,
  );
}

export type { WinLossReport };

export function useWinLossQuery(range: TimeRange) {
  return usePlayerQuery(
    (token) => recordKeys.winLoss(token, range),
    () => api.post<WinLossReport>('/api/plat/win-loss-report', { range }),
  );
}
