import { Agent, request } from 'undici';

/**
 * Persistent connections for the providers' calls to Koi. A real provider keeps a pool of warm connections
 * to each operator, and so does this one: undici's dispatcher, a pool of keep-alive connections per origin.
 * The global fetch keeps connections too but spends several times the CPU per call (web streams, abort
 * signals, header lists): measured with --cpu-prof during bench:games it was about a third of the simulator's
 * busy time, so the benchmark measured the simulator's HTTP client more than Koi. undici's own `request`
 * skips those layers; beside node:http with a keep-alive agent it spent 27 µs of
 * client CPU per call instead of 39 on this machine (32 concurrent callers, warm). Koi's tests drive the
 * sandbox's control API with the same client for the same reason.
 */
const dispatcher = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });

/** A timeout, named like the error of fetch's AbortSignal.timeout so that round logs read the same. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

type JsonRequest = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

/** One undici request of `init` with the given deadline options (a signal, or undici's own timeouts). */
const send = (
  url: URL,
  init: JsonRequest,
  deadline: { signal: AbortSignal } | { headersTimeout: number; bodyTimeout: number },
) =>
  request(url, {
    dispatcher,
    method: init.method as 'GET',
    headers: init.headers,
    body: init.body,
    ...deadline,
  });

/**
 * Sends a request with an optional body and parses the JSON answer; rejects on a network error, on no
 * answer within `timeoutMs`, or on an answer that is not JSON.
 */
export async function requestJson(url: URL, init: JsonRequest): Promise<{ status: number; json: unknown }> {
  if (init.timeoutMs >= COARSE_TIMEOUT_MS) return requestWithCoarseTimeout(url, init);
  // A native timer for the whole call: undici's own headers and body timeouts run on a coarse clock (about a
  // second) for speed, and the providers' timeout fault uses a few milliseconds.
  const started = performance.now();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new TimeoutError('no answer in time')), init.timeoutMs);
  try {
    const response = await send(url, init, { signal: abort.signal });
    const text = await response.body.text();
    // An answer read after the deadline is a timeout too, whichever of the timer and the socket the event loop
    // happened to serve first (the timeout fault uses 1 ms, which a fast answer can otherwise beat).
    if (performance.now() - started >= init.timeoutMs) throw new TimeoutError('no answer in time');
    return { status: response.statusCode, json: JSON.parse(text) };
  } catch (error) {
    throw abort.signal.aborted ? abort.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Deadlines from this long up are left to undici's own headers and body timeouts, whose coarse clock (about a
 * second) is precise enough for them. Every ordinary call has one (10 s); only the timeout fault asks for a
 * few milliseconds. An abort controller, its signal's listeners and a timer of our own per call were a tenth
 * of the simulator's CPU in a --cpu-prof of bench:games.
 */
const COARSE_TIMEOUT_MS = 2_000;
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

async function requestWithCoarseTimeout(
  url: URL,
  init: JsonRequest,
): Promise<{ status: number; json: unknown }> {
  try {
    const response = await send(url, init, { headersTimeout: init.timeoutMs, bodyTimeout: init.timeoutMs });
    return { status: response.statusCode, json: JSON.parse(await response.body.text()) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw typeof code === 'string' && UNDICI_TIMEOUTS.has(code)
      ? new TimeoutError('no answer in time')
      : error;
  }
}
