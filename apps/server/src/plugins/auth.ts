import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { AuthenticatedSession, AuthService } from '../modules/auth/auth.service';

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

async function authPlugin(app: FastifyInstance, opts: { auth: AuthService }) {
  app.decorateRequest('session', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await opts.auth.authenticate(token) : null;
    if (!session) throw new AppError('UNAUTHORIZED');
    request.session = session;
  });
}

export default fp(authPlugin, { name: 'koi-auth' });
