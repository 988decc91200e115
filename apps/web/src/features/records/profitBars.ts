import type { WinLossRow } from '@koi/contract';
import type { TimeRange } from './api/records';
import type { Bar } from './components/ProfitChart';

/** The report's days are UTC+8 calendar days (contract); the week's bars are those days. */
const UTC8_MS = 8 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The last 7 UTC+8 dates up to `now`, oldest first, as YYYY-MM-DD. */
export function lastSevenDays(now: Date): string[] {
  return Array.from({ length: 7 }, (_, i) =>
    new Date(now.getTime() + UTC8_MS - (6 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The chart's bars: for the last 7 days one bar per day, quiet days included (so the trend reads left to
 * right); for a single day one bar per category. Amounts are decimal strings; the chart needs only their
 * size, so Number is enough here (nothing is added up for display as money).
 */
export function profitBars(
  rows: WinLossRow[],
  range: TimeRange,
  nameOf: (row: WinLossRow) => string = (r) => r.category_name,
  now = new Date(),
): Bar[] {
  const sums = new Map<string, number>();
  if (range === 3) for (const day of lastSevenDays(now)) sums.set(day, 0);
  for (const r of rows) {
    const key = range === 3 ? r.date : nameOf(r);
    sums.set(key, (sums.get(key) ?? 0) + Number(r.profit));
  }
  return [...sums].map(([key, value]) => ({ label: range === 3 ? key.slice(5) : key, value }));
}
