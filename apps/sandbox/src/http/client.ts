import http from 'node:http';
import https from 'node:https';

/**
 * Persistent connections for the providers' calls to Koi. A real provider keeps a pool of warm connections
 * to each operator, and so does this one: node:http with a keep-alive agent and Nagle off. The global fetch
 * keeps connections too, but spends several times the CPU per call (web streams, abort signals, header
 * lists); measured with --cpu-prof during bench:games it was about a third of the simulator's busy time, so
 * the benchmark measured the simulator's HTTP client more than Koi. Koi's tests drive the sandbox's control
 * API with the same client for the same reason.
 */
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, noDelay: true }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, noDelay: true }),
};

/** A timeout, named like the error of fetch's AbortSignal.timeout so that round logs read the same. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Sends a request with an optional body and parses the JSON answer; rejects on a network error, on no
 * answer within `timeoutMs`, or on an answer that is not JSON.
 */
export function requestJson(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<{ status: number; json: unknown }> {
  const secure = url.protocol === 'https:';
  const body = init.body ?? '';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: init.method,
        agent: secure ? agents.https : agents.http,
        headers: { ...init.headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          try {
            resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new TimeoutError('no answer in time')), init.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
