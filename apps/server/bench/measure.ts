/**
 * What every bench reports about a phase: how many operations a second, the median and the 99th percentile of
 * their latencies. The benches time their operations differently (one transfer, a bet and win pair, an
 * autoplay run), so they collect the latencies themselves and summarise them here, the same way.
 */
export interface PhaseResult {
  /** Operations a second over the whole phase. */
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  seconds: number;
}

/** The `p`th percentile of latencies sorted ascending (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Summarises a phase's latencies (milliseconds, sorted here) measured over `seconds`. */
export function summarise(latencies: number[], seconds: number): PhaseResult {
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    seconds,
  };
}
