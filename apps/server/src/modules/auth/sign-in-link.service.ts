import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import { isCountryDenied } from '../../lib/geo';
import type { AuthenticatedSession } from '../../plugins/auth';
import { createAuthRepository } from './auth.repository';
import { PlayerStatus } from './auth.schema';
import type { RequestContext } from './auth.service';
import { openSession } from './open-session';
import { createSignInLinkRepository } from './sign-in-link.repository';

/** Decision 31: a sign-in link works for 2 minutes, long enough to tap it, too short to be worth stealing. */
export const SIGN_IN_CODE_TTL_MS = 2 * 60_000;

/** Who made a link: the player (for another device), the Telegram bot, or an operator. */
export type SignInIssuer = 'player' | 'telegram' | 'operator';

/**
 * Sign-in links (decision 31). A link that carried the session token itself would hand the session to whoever
 * saw the address (a server log, the browser history, a shoulder), and opening someone else's link would
 * silently replace the signed-in player. So a link carries a random one-time code, stored only as its hash, which
 * the player app removes from the address bar at once and trades for a new session of its own.
 */
export function createSignInLinks(deps: { db: Db; config: Pick<Config, 'session' | 'geo'>; clock: Clock }) {
  const { db, config, clock } = deps;
  const repo = createSignInLinkRepository(db);
  return {
    /** Makes a link; `conn` lets a caller make it inside its own transaction (the console's, with its audit row). */
    async issue(playerId: number, issuer: SignInIssuer, conn: DbOrTx = db) {
      const code = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SIGN_IN_CODE_TTL_MS);
      await createSignInLinkRepository(conn).insertCode({
        playerId,
        codeHash: sha256Hex(code),
        issuer,
        createdAt: now,
        expiresAt,
      });
      return { code, path: `/?token=${code}`, expiresAt };
    },

    /**
     * Trades a code for a new session: its token and the session as a signed-in request would see it (the
     * exchange answers the player's user info with the token). Unknown, used, expired codes and codes of a
     * frozen player all answer the same, so a guesser learns nothing; the deny-list applies as at sign-in
     * (decision 18).
     */
    async exchange(
      code: string,
      ctx: RequestContext,
    ): Promise<{ token: string; session: AuthenticatedSession }> {
      if (isCountryDenied(config.geo, ctx.country)) throw new AppError('REGION_BLOCKED');
      const now = clock.now();
      const playerId = await repo.consumeCode(sha256Hex(code), now);
      if (playerId === null) throw new AppError('SIGN_IN_LINK_INVALID');
      const player = await repo.playerStatus(playerId);
      if (!player || player.status === PlayerStatus.FROZEN) throw new AppError('SIGN_IN_LINK_INVALID');
      const auth = createAuthRepository(db);
      await auth.insertLoginEvent({
        username: player.username,
        playerId,
        ip: ctx.ip,
        device: ctx.device || null,
        success: true,
        reason: 'link',
        createdAt: now,
      });
      return openSession(auth, config.session, now, playerId, ctx);
    },
  };
}

export type SignInLinks = ReturnType<typeof createSignInLinks>;
