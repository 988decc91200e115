import { AppError } from '../errors';

/**
 * The report time ranges of spec §3 (1 yesterday, 2 today, 3 week). Days are the players' days: China
 * Standard Time (UTC+8), so "today" starts at local midnight whatever the server's time zone. The week is
 * the last seven days including today.
 */
export const REPORT_UTC_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export type TimeRange = 1 | 2 | 3;

export function startOfReportDay(atMs: number): number {
  return Math.floor((atMs + REPORT_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - REPORT_UTC_OFFSET_MS;
}

export function timeRangeBounds(range: TimeRange, now: Date): { from: Date; to: Date } {
  const today = startOfReportDay(now.getTime());
  const bounds: Record<TimeRange, [number, number]> = {
    1: [today - DAY_MS, today],
    2: [today, today + DAY_MS],
    3: [today - 6 * DAY_MS, today + DAY_MS],
  };
  const [start, end] = bounds[range];
  return { from: new Date(start), to: new Date(end) };
}

/** The report day (YYYY-MM-DD, UTC+8) of an instant. */
export function reportDay(at: Date): string {
  return new Date(at.getTime() + REPORT_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A time filter from a query string: an ISO 8601 instant, or a date (YYYY-MM-DD, the start of that report
 * day); "" means no bound. Anything else is a malformed request, not a silent "no filter".
 */
export function parseTimeQuery(text: string, field: string): Date | null {
  if (!text) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(Date.parse(`${text}T00:00:00Z`) - REPORT_UTC_OFFSET_MS)
    : /^\d{4}-\d{2}-\d{2}T/.test(text)
      ? new Date(text)
      : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new AppError('BAD_REQUEST', { detail: `${field} 须为 ISO 8601 时间或日期` });
  }
  return date;
}
