import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The headers depend only on the configuration, so helmet runs
 * once at start-up against a recording response and each request gets the recorded headers. The
 * @fastify/helmet plugin builds helmet's whole middleware chain again for every request, about
 * 60 µs each, which --cpu-prof showed as one of the larger costs of a provider's wallet call (bench:games).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The game providers' wallet API (`/api/providers/...`) is called server to server with signed JSON, never
 * shown in a browser, so the document headers (CSP, frame and referrer policies, HSTS …) mean nothing there;
 * it gets only `nosniff`. They were 12 of the 17 headers of every wallet answer (about 550 of 840 bytes, for a
 * 60-byte body), written by Koi and parsed by the provider on each of a round's calls (bench:games).
 */
const SERVER_TO_SERVER = '/api/providers/';

/** The console's pages and API: never framed by anyone but Koi itself, whatever the player app allows. */
const CONSOLE = /^\/(?:admin|api\/admin)(?:[/?#]|$)/;

export interface SecurityHeadersOptions {
  /** Content-Security-Policy directives beyond helmet's defaults. */
  directives: Record<string, string[]>;
  /**
   * Origins besides Koi's own that may show the player app in a frame: Telegram's web clients open a Mini App
   * inside an iframe, which `X-Frame-Options: SAMEORIGIN` would leave blank. Empty: same origin only.
   */
  playerFrameAncestors: string[];
}

/**
 * The player app's headers allow framing by the listed origins through CSP `frame-ancestors` (X-Frame-Options
 * cannot name another origin, and a browser that knows frame-ancestors ignores it, so it is left out there).
 * The console keeps X-Frame-Options and `frame-ancestors 'self'`: a clickjacked operator click moves money.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const { directives, playerFrameAncestors } = options;
  const headers = securityHeaders({ contentSecurityPolicy: { directives } });
  const playerHeaders =
    playerFrameAncestors.length === 0
      ? headers
      : securityHeaders({
          frameguard: false,
          contentSecurityPolicy: {
            directives: { ...directives, 'frame-ancestors': ["'self'", ...playerFrameAncestors] },
          },
        });
  const apiHeaders = { 'x-content-type-options': headers['x-content-type-options'] ?? 'nosniff' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith(SERVER_TO_SERVER) ? apiHeaders : CONSOLE.test(url) ? headers : playerHeaders,
    );
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
