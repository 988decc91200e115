import type { Config } from '../../config';
import { newSession } from '../../lib/sessions';
import type { AuthenticatedSession } from '../../plugins/auth';
import type { AuthRepository } from './auth.repository';

/** Where a sign-in or registration came from. */
export interface RequestContext {
  ip: string;
  device: string;
  country: string | null;
}

/**
 * Opens a new session for a player who has proved who they are (the right password, or a sign-in link's
 * one-time code): records the sign-in time and stores the new bearer token's hash. Answers the token, which
 * exists nowhere else, and the session as a signed-in request would see it.
 */
export async function openSession(
  repo: Pick<AuthRepository, 'recordLoginSuccess' | 'insertSession'>,
  session: Config['session'],
  now: Date,
  playerId: number,
  ctx: RequestContext,
): Promise<{ token: string; session: AuthenticatedSession }> {
  const previousLoginAt = await repo.recordLoginSuccess(playerId, now);
  const { token, row } = newSession(now, session.absoluteMs, ctx);
  const sessionId = await repo.insertSession({ playerId, ...row, country: ctx.country, previousLoginAt });
  return { token, session: { playerId, sessionId, previousLoginAt } };
}
