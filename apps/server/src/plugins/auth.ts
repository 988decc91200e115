import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { isWrite, runFirst } from './route-hooks';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../errors';
import { countryOf, isCountryDenied } from '../lib/geo';

/**
 * A signed-in player's session as every player route sees it. The auth module (identity layer) checks tokens and
 * fills it; the shape lives here, in the HTTP plumbing below it, so that routes of every layer can read the
 * session without importing the auth module.
 */
export interface AuthenticatedSession {
  playerId: number;
  sessionId: number;
  previousLoginAt: Date | null;
  /** The player as of this request's session check (same query, or the cache it fills). */
  player?: {
    username: string;
    inviteCode: string;
    vipLevel: number;
    hasWithdrawPassword: boolean;
    selfExcludedUntil: Date | null;
  };
}

/** What this plugin needs of the auth module: the session check, and forgetting cached sessions. */
export interface SessionChecker {
  authenticate(token: string): Promise<AuthenticatedSession | null>;
  /** Whether a token (however it ended) belongs to a frozen player. */
  isFrozenToken(token: string): Promise<boolean>;
  forgetSessions(playerId: number | null): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /** preHandler for signed-in routes: sets request.session or answers 401. */
    requireAuth: preHandlerAsyncHookHandler;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Writes that may revoke sessions or change what a session snapshot holds: sign-out, the security centre,
 * the withdrawal password, and every console write. Other nodes hear of such a change from the change feed a
 * few milliseconds after it commits; this node drops its cached snapshots before it answers, so the very next
 * request here already sees the change.
 */
const CHANGES_SESSIONS =
  /^\/api\/(?:admin\/|home\/logout|plat\/(?:login-password|sessions\/|self-exclude|set-password|update-password))/;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The signed-in session of a request that passed requireAuth. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

async function authPlugin(app: FastifyInstance, opts: { auth: SessionChecker; geo: Config['geo'] }) {
  app.decorateRequest('session', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    // The deny-list (decision 18) holds for a session already open, not only at sign-in: a player who signed
    // in elsewhere and carries the token into a denied country (or behind a forged, repeated country header)
    // is refused on every signed-in call. Reading one header costs nothing beside the session lookup.
    if (isCountryDenied(opts.geo, countryOf(request, opts.geo))) throw new AppError('REGION_BLOCKED');
    const token = bearerToken(request);
    const session = token ? await opts.auth.authenticate(token) : null;
    if (!session) {
      // Only on the refusal path, one more lookup: a token of a frozen player is told why it ended (the
      // holder had the token, so the reason tells them nothing they could not learn by signing in).
      if (token && (await opts.auth.isFrozenToken(token)))
        throw new AppError('SESSION_FROZEN', {}, { reason: 'frozen' });
      throw new AppError('UNAUTHORIZED');
    }
    request.session = session;
  });
  // Forgets the cached sessions a write may have changed, before its answer leaves. Only on the routes that
  // can change one (CHANGES_SESSIONS), not as a global hook on every request.
  const forgetAfterWrite: onSendAsyncHookHandler = async (request, reply, payload) => {
    if (reply.statusCode < 400) {
      opts.auth.forgetSessions(
        request.url.startsWith('/api/admin/') ? null : (request.session?.playerId ?? null),
      );
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (isWrite(route) && CHANGES_SESSIONS.test(route.url)) runFirst(route, 'onSend', forgetAfterWrite);
  });
}

export default fp(authPlugin, { name: 'koi-auth' });
