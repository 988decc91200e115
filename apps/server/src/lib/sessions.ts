import { newToken, sha256Hex } from './crypto';

/**
 * A new bearer session, a player's or an operator's: the token to hand out (once; it is stored nowhere) and
 * the columns every session row keeps: the token's hash, when it began and ends, and where the sign-in came
 * from. The caller adds whose session it is.
 */
export function newSession(
  now: Date,
  lifetimeMs: number,
  origin: { ip: string; device: string },
  prefix = '',
) {
  const token = prefix + newToken();
  return {
    token,
    row: {
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      ip: origin.ip,
      device: origin.device || null,
    },
  };
}
