import { formatMicro } from '@koi/ledger';

/**
 * The payout rail: the one way money leaves the platform (decision 22). `send` and `query` are keyed by the
 * withdrawal id, which the rail treats as an idempotency key: sending the same key twice never makes two
 * chain transfers, so a caller that does not know whether its first send arrived may ask again.
 *
 * Every answer is one of three: `paid` (a transaction hash exists), `failed` (the rail is certain nothing
 * was or will be sent), `unknown` (a timeout, a 5xx, a lost answer, or the rail still working on it). Only
 * `failed` lets money go back to the player; `unknown` leaves the withdrawal `paying` until a later query
 * settles it.
 */
export type PayoutOutcome =
  | { kind: 'paid'; txHash: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unknown'; reason: string }
  /** Only from `query`: the rail never received this key, so sending it (again) cannot pay twice. */
  | { kind: 'absent' };

export interface PayoutRail {
  send(key: string, toAddress: string, amountMicro: bigint): Promise<PayoutOutcome>;
  query(key: string): Promise<PayoutOutcome>;
}

const TIMEOUT_MS = 10_000;

/** The rail's answer: `{ status: 'sent' | 'confirmed' | 'failed', tx_hash, reason }` or `{ error: { message } }`. */
interface RailAnswer {
  tx_hash?: string | null;
  status?: string;
  reason?: string | null;
  error?: { code?: string; message?: string };
}

/** Maps the rail's status words onto the three outcomes; anything unrecognised is treated as unknown. */
function outcomeOf(answer: RailAnswer): PayoutOutcome {
  const status = (answer.status ?? '').toLowerCase();
  // 'sent': the transfer is on the chain (a hash exists), confirmations follow; it cannot be undone.
  if (['sent', 'confirmed'].includes(status) && answer.tx_hash) {
    return { kind: 'paid', txHash: answer.tx_hash };
  }
  if (status === 'failed') {
    return { kind: 'failed', reason: answer.reason ?? answer.error?.message ?? status };
  }
  return { kind: 'unknown', reason: `rail status ${status || 'missing'}` };
}

/** HTTP client of the payout rail (the sandbox's `/payout` in development and tests, decision 19). */
export function createHttpPayoutRail(cfg: { url: string; apiKey: string; timeoutMs?: number }): PayoutRail {
  const base = cfg.url.replace(/\/+$/, '');
  const headers = { 'x-api-key': cfg.apiKey, 'content-type': 'application/json' };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PayoutOutcome> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      // Connection refused, reset or timed out: the request may or may not have reached the rail.
      return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
    if (method === 'GET' && response.status === 404) return { kind: 'absent' };
    let answer: RailAnswer;
    try {
      answer = (await response.json()) as RailAnswer;
    } catch {
      return { kind: 'unknown', reason: `HTTP ${response.status} without a readable answer` };
    }
    // 400/422 mean the rail refused the transfer itself (bad address, bad amount): nothing was sent. A
    // refused key (401/403) or a rate limit is a configuration or capacity problem, not an answer about
    // the transfer, so it stays unknown and is asked again rather than refunded.
    if (response.status === 400 || response.status === 422) {
      return { kind: 'failed', reason: answer.error?.message ?? `HTTP ${response.status}` };
    }
    if (!response.ok) return { kind: 'unknown', reason: `HTTP ${response.status}` };
    return outcomeOf(answer);
  }

  return {
    send: (key, toAddress, amountMicro) =>
      call('POST', '/payout/transfers', {
        idempotency_key: key,
        to_address: toAddress,
        amount: formatMicro(amountMicro),
      }),
    query: (key) => call('GET', `/payout/transfers/${encodeURIComponent(key)}`),
  };
}
