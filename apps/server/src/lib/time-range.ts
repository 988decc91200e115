import { AppError } from '../errors';

/**
 * The report time ranges of spec §3 (1 yesterday, 2 today, 3 week). Days are the players' days: China
 * Standard Time (UTC+8), so "today" starts at local midnight whatever the server's time zone. The week is
 * the last seven days including today.
 */
export const REPORT_UTC_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export type TimeRange = 1 | 2 | 3;

/**
 * A player's ranged, paged list request as the services take it; the routes share it because every such request
 * carries the same three fields, `range` already checked by the contract to be one of the three ranges.
 */
export function rangedPage(body: { range: number; page: number; size: number }) {
  return { range: body.range as TimeRange, page: body.page, size: body.size };
}

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
 * The instants a time filter may name: from the start of report day 2000-01-01 to the start of report day
 * 2100-01-01 (UTC+8). Koi holds no record outside them, and the database cannot store every instant
 * JavaScript can (year 0, year 10000), so a filter beyond them is a mistake to report, not a query to run.
 */
export const TIME_QUERY_MIN_MS = Date.UTC(2000, 0, 1) - REPORT_UTC_OFFSET_MS;
export const TIME_QUERY_MAX_MS = Date.UTC(2100, 0, 1) - REPORT_UTC_OFFSET_MS;

/**
 * A time filter from a query string: an ISO 8601 instant, or a date (YYYY-MM-DD, the start of that report
 * day); "" means no bound. Anything else, a calendar date that does not exist, or an instant outside the
 * supported years is a malformed request, not a silent "no filter".
 */
export function parseTimeQuery(text: string, field: string): Date | null {
  if (!text) return null;
  let date: Date | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const utc = Date.parse(`${text}T00:00:00Z`);
    // A date that is not on the calendar (02-31) is refused rather than rolled over into the next month.
    if (!Number.isNaN(utc) && new Date(utc).toISOString().slice(0, 10) === text) {
      date = new Date(utc - REPORT_UTC_OFFSET_MS);
    }
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    date = new Date(text);
  }
  if (!date || Number.isNaN(date.getTime())) {
    throw new AppError('BAD_REQUEST', { detail: `${field} 须为 ISO 8601 时间或日期` });
  }
  if (date.getTime() < TIME_QUERY_MIN_MS || date.getTime() > TIME_QUERY_MAX_MS) {
    throw new AppError('BAD_REQUEST', { detail: `${field} 须在 2000-01-01 至 2100-01-01 之间` });
  }
  return date;
}
