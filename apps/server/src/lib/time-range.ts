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
