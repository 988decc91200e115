import { formatMicro } from '@koi/ledger';

/**
 * The payout rail: the one way money leaves the platform (decision 22). `send` and `query` are keyed by the
 * withdrawal id, which the rail treats as an idempotency key: sending the same key twice never makes two
 * chain transfers, so a caller that does not know whether its first send arrived may ask again.
 *
 * Every answer is one of four, and the mapping is deliberately asymmetric. `paid` needs a transaction hash.
 * `failed` (the only outcome that gives money back to the player) needs one of the rail's documented terminal
 * answers: a send refused with the rail's error envelope and its documented code (400/422
 * `{ error: { code: 'BAD_REQUEST' } }`, checked before anything is sent), or a status answer 200 `{ status: 'failed' }` without a transaction hash. `absent` is
 * the documented "never received" answer of the status query (404 with the code `NOT_FOUND`); since sends are
 * idempotent, the caller may send again. Every other answer (a timeout, a 5xx, any other 4xx, a 404 without
 * the rail's code, a body that does not parse, a status word nobody documented) is `unknown`: the
 * withdrawal stays `paying` and is asked about again.
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
/** The rail's documented codes for a send it refused before sending anything (the request itself is wrong). */
const SEND_REFUSED_CODES = new Set(['BAD_REQUEST']);

/** The rail's answer: `{ status: 'sent' | 'confirmed' | 'failed', tx_hash, reason }` or `{ error: { message } }`. */
interface RailAnswer {
  tx_hash?: string | null;
  status?: string;
  reason?: string | null;
  error?: { code?: string; message?: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The rail's error envelope `{ error: { code, message } }`, or null when the body is anything else. */
function railError(answer: unknown): { code: string; message: string } | null {
  if (!isObject(answer) || !isObject(answer.error) || typeof answer.error.code !== 'string') return null;
  const message = typeof answer.error.message === 'string' ? answer.error.message : answer.error.code;
  return { code: answer.error.code, message };
}

/**
 * Maps a 200 answer's status words onto the outcomes. `sent`/`confirmed` with a hash is paid; `failed`
 * without a hash is the rail's statement that nothing was or will be sent; anything else, including a
 * contradictory `failed` with a hash, is unknown.
 */
function outcomeOf(answer: unknown): PayoutOutcome {
  if (!isObject(answer)) return { kind: 'unknown', reason: 'rail answer is not an object' };
  const a = answer as RailAnswer;
  const status = typeof a.status === 'string' ? a.status.toLowerCase() : '';
  const hash = typeof a.tx_hash === 'string' && a.tx_hash.length > 0 ? a.tx_hash : null;
  // 'sent': the transfer is on the chain (a hash exists), confirmations follow; it cannot be undone.
  if ((status === 'sent' || status === 'confirmed') && hash) return { kind: 'paid', txHash: hash };
  if (status === 'failed' && !hash) {
    return { kind: 'failed', reason: (typeof a.reason === 'string' && a.reason) || status };
  }
  return { kind: 'unknown', reason: `rail status ${status || 'missing'}` };
}

/** HTTP client of the payout rail (the sandbox's `/payout` in development and tests, decision 19). */
export function createHttpPayoutRail(cfg: { url: string; apiKey: string; timeoutMs?: number }): PayoutRail {
  const base = cfg.url.replace(/\/+$/, '');
  const headers = { 'x-api-key': cfg.apiKey, 'content-type': 'application/json' };

  /** The HTTP status and parsed body, or the outcome `unknown` when no readable answer came back. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; answer: unknown } | PayoutOutcome> {
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
    try {
      return { status: response.status, answer: (await response.json()) as unknown };
    } catch {
      return { kind: 'unknown', reason: `HTTP ${response.status} without a readable answer` };
    }
  }
  type Answered = { status: number; answer: unknown };
  const answered = (r: Answered | PayoutOutcome): r is Answered => 'status' in r;

  return {
    async send(key, toAddress, amountMicro) {
      const r = await call('POST', '/payout/transfers', {
        idempotency_key: key,
        to_address: toAddress,
        amount: formatMicro(amountMicro),
      });
      if (!answered(r)) return r;
      const { status, answer } = r;
      // 400/422 in the rail's envelope: the rail refused the transfer itself (bad address, bad amount)
      // before sending anything. A refused key (401/403), a key conflict (409) or a rate limit is a
      // configuration or capacity problem, not an answer about the transfer: unknown, asked again.
      const refusal = railError(answer);
      if ((status === 400 || status === 422) && refusal && SEND_REFUSED_CODES.has(refusal.code)) {
        return { kind: 'failed', reason: refusal.message };
      }
      if (status < 200 || status >= 300) return { kind: 'unknown', reason: `send: HTTP ${status}` };
      return outcomeOf(answer);
    },
    async query(key) {
      const r = await call('GET', `/payout/transfers/${encodeURIComponent(key)}`);
      if (!answered(r)) return r;
      const { status, answer } = r;
      // The status query never refuses a transfer: an error answer says nothing about whether the key was
      // sent, so only the rail's own "never received" (404 NOT_FOUND) is read as an answer.
      if (status === 404 && railError(answer)?.code === 'NOT_FOUND') return { kind: 'absent' };
      if (status !== 200) {
        const detail = railError(answer)?.message;
        return { kind: 'unknown', reason: `status query: HTTP ${status}${detail ? ` ${detail}` : ''}` };
      }
      return outcomeOf(answer);
    },
  };
}
