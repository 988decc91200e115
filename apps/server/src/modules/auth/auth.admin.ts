import { hash } from '@node-rs/argon2';
import type { Db, DbOrTx } from '../../db/client';
import { PlayerStatus } from './auth.schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { newToken } from '../../lib/crypto';
import { createAuthRepository, type PlayerSearch } from './auth.repository';
import type { SignInLinks } from './sign-in-link.service';

/*
 * The accounts side of the operator console: find players, see one in full, freeze and unfreeze them, and
 * reset their login password.
 *
 * Freezing sets the status and revokes every session of the player in one transaction with its audit row. A
 * revoked session never comes back, so unfreezing lets the player sign in again but does not revive old
 * tokens (unfreezing revokes again, for a sign-in that raced the freeze). A frozen player cannot sign in (auth.service), play (the player gate of games and originals) or
 * move money; their balance is untouched. The player row is locked first, so a freeze and an unfreeze at the
 * same moment happen one after the other, and each compares against the status the other left.
 */

/** Records the audit row inside the change's transaction (the operators module's AuditWrite). */
export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

const DETAIL_ROWS = 50;
const TEMP_PASSWORD_LENGTH = 12;

export function createPlayersAdmin(deps: {
  db: Db;
  clock: Clock;
  /** Sign-in links (decision 31), which support may make for a player who cannot sign in. */
  links: Pick<SignInLinks, 'issue'>;
  /**
   * Called after a freeze committed: the providers module ends the player's game sessions for good, so they
   * take no bets now and none after an unfreeze (the player launches the game again).
   */
  onFrozen?: (playerId: number) => Promise<void>;
}) {
  const { db, clock } = deps;
  const repo = createAuthRepository(db);

  async function setStatus(playerId: number, status: number, audit: AuditInTx) {
    return db.transaction(async (tx) => {
      const r = createAuthRepository(tx);
      if (!(await r.lockPlayerRow(playerId))) throw new AppError('PLAYER_NOT_FOUND');
      const player = (await r.findPlayerById(playerId))!;
      if (player.status === status) throw new AppError('PLAYER_STATUS_UNCHANGED');
      await r.setStatus(playerId, status);
      // Unfreezing revokes too: a sign-in that passed its status check just before the freeze committed
      // may have written a session after the freeze revoked the others; it must not come alive now.
      const ended = await r.revokeAllSessions(playerId, clock.now());
      await audit(tx, {
        before: { status: player.status },
        after: { status, ...(ended ? { sessions_ended: ended } : {}) },
      });
      return { id: playerId, status };
    });
  }

  return {
    search: (f: PlayerSearch) => repo.searchPlayers(f),

    async detail(playerId: number) {
      const player = await repo.findPlayerById(playerId);
      if (!player) throw new AppError('PLAYER_NOT_FOUND');
      const [inviter, invitees, logins, activeSessions] = await Promise.all([
        player.inviterId ? repo.findPlayerById(player.inviterId) : null,
        repo.invitees(playerId, DETAIL_ROWS),
        repo.recentLoginEvents(playerId, DETAIL_ROWS),
        repo.activeSessionCount(playerId, clock.now()),
      ]);
      return { player, inviter, invitees, logins, activeSessions };
    },

    async freeze(playerId: number, audit: AuditInTx) {
      const result = await setStatus(playerId, PlayerStatus.FROZEN, audit);
      await deps.onFrozen?.(playerId);
      return result;
    },
    unfreeze: (playerId: number, audit: AuditInTx) => setStatus(playerId, PlayerStatus.ACTIVE, audit),

    /** A new one-time login password (shown once to the operator); the player's sessions end. */
    async resetPassword(playerId: number, audit: AuditInTx) {
      const password = newToken().replace(/[-_]/g, '').slice(0, TEMP_PASSWORD_LENGTH);
      const passwordHash = await hash(password);
      await db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        if (!(await r.lockPlayerRow(playerId))) throw new AppError('PLAYER_NOT_FOUND');
        await r.setPasswordHash(playerId, passwordHash);
        const ended = await r.revokeAllSessions(playerId, clock.now());
        await audit(tx, { after: { sessions_ended: ended } });
      });
      return { id: playerId, password };
    },

    /**
     * A one-time sign-in link for the player, made in one transaction with its audit row (which records when
     * it expires, never the code). A frozen player gets none: the link could not be used anyway.
     */
    async signInLink(playerId: number, audit: AuditInTx) {
      return db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        if (!(await r.lockPlayerRow(playerId))) throw new AppError('PLAYER_NOT_FOUND');
        if ((await r.findPlayerById(playerId))!.status === PlayerStatus.FROZEN) {
          throw new AppError('SIGN_IN_LINK_PLAYER_FROZEN');
        }
        const link = await deps.links.issue(playerId, 'operator', tx);
        await audit(tx, { after: { expires_at: link.expiresAt.toISOString() } });
        return { id: playerId, path: link.path, expiresAt: link.expiresAt };
      });
    },

    registrationsByDay: repo.registrationsByDay,
    playerCounts: repo.playerCounts,
  };
}

export type PlayersAdmin = ReturnType<typeof createPlayersAdmin>;
