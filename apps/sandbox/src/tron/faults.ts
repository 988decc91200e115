/**
 * Faults for the TronGrid API, set by tests through `/control/tron/faults` and consumed one per call, so a
 * test can say "the next 3 calls answer 429" and then watch the client recover.
 */
export interface TronFaults {
  /** The next N calls answer `failStatus` (429 rate limit, 500/502/503 server trouble). */
  failNext: number;
  failStatus: number;
  /** The next N calls answer only after `timeoutMs` (the client should give up first). */
  timeoutNext: number;
  timeoutMs: number;
  /** The next N list answers carry every record twice. */
  duplicateNext: number;
}

export const NO_TRON_FAULTS: TronFaults = {
  failNext: 0,
  failStatus: 429,
  timeoutNext: 0,
  timeoutMs: 30_000,
  duplicateNext: 0,
};

/** What one call suffers, taking it off the counters. */
export function takeFault(f: TronFaults): { fail?: number; delayMs?: number } {
  if (f.failNext > 0) {
    f.failNext -= 1;
    return { fail: f.failStatus };
  }
  if (f.timeoutNext > 0) {
    f.timeoutNext -= 1;
    return { delayMs: f.timeoutMs };
  }
  return {};
}
