import type { DbOrTx } from '../../db/client';
import { createAuthRepository } from './auth.repository';
import { PlayerStatus } from './auth.schema';

/**
 * Names and ids of players for other modules (the wallet's console and command line show who an account
 * belongs to and find a player by name). It is part of the auth service; it is also built on its own because
 * the command line and tests need it without the rest of sign-in (captchas, sessions, configuration).
 */
export function createPlayerDirectory(db: DbOrTx) {
  const repo = createAuthRepository(db);
  return {
    /** The player with this username, case-insensitively (the lower(username) index), or null. */
    async playerIdByUsername(username: string): Promise<number | null> {
      return (await repo.findPlayerByUsername(username))?.id ?? null;
    },

    /** Who invited the player (`players.inviter_id`), or null; inside a transaction it sees the new player. */
    async inviterOf(playerId: number): Promise<number | null> {
      return (await repo.findPlayerById(playerId))?.inviterId ?? null;
    },

    /** The player's own invite code (decision 26), or null for an unknown id. */
    async inviteCodeOf(playerId: number): Promise<string | null> {
      return (await repo.findPlayerById(playerId))?.inviteCode ?? null;
    },
    /**
     * What promotions' audience and abuse rules read of a player: when and from which country they signed up,
     * their VIP level, whether they were invited, and whether they are frozen or self-excluded.
     */
    async standingOf(playerId: number) {
      const p = await repo.findPlayerById(playerId);
      if (!p) return null;
      return {
        id: p.id,
        createdAt: p.createdAt,
        vipLevel: p.vipLevel,
        invited: p.inviterId !== null,
        country: p.registerCountry,
        frozen: p.status === PlayerStatus.FROZEN,
        selfExcludedUntil: p.selfExcludedUntil,
      };
    },

    /** Players linked by a shared sign-up device or a sign-up IP within the window (promotions' households). */
    linkedBySignUp: (playerId: number, ipWindowMs: number, limit = 50) =>
      repo.linkedBySignUp(playerId, ipWindowMs, limit),

    /** Usernames of the given players; ids without a player are absent from the map. */
    usernamesOf: (playerIds: readonly number[]): Promise<Map<number, string>> => repo.usernamesOf(playerIds),

    /** Records VIP levels reached (the vip module owns levels; the player's info shows the highest). */
    raiseVipLevels: (raised: readonly { playerId: number; level: number }[]) => repo.raiseVipLevels(raised),
  };
}

export type PlayerDirectory = ReturnType<typeof createPlayerDirectory>;
