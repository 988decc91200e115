import type { SessionSummary } from './api/security';

/**
 * The reality-check tests' session summary: a 15-minute reminder that falls due 300 ms after `at` (the
 * session began one interval before `at`, less 300 ms). Each call reads the clock for the server's `now`.
 */
export function dueSummary(at: number, over: Partial<SessionSummary> = {}): SessionSummary {
  return {
    started_at: new Date(at - 15 * 60_000 + 300).toISOString(),
    now: new Date().toISOString(),
    played_minutes: 75,
    bet_count: 12,
    stake: '60.000000',
    payout: '47.500000',
    net: '0',
    reality_check_minutes: 15,
    ...over,
  };
}
