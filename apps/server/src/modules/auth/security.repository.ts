import { and, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { findRow, updateCount } from '../../db/rows';
import { loginEvents, players, sessions } from './auth.schema';

/** How a wrong current password in a password change is recorded among the login events. */
export const PASSWORD_CHANGE_FAILED = 'password_change_bad';

/**
 * SQL for the security centre: the player's own sessions, the login password, the reminder interval and
 * self-exclusion. It lives beside the sign-in repository (same owned tables) so that sign-in's hot path and
 * this rarely used screen do not edit the same file.
 */
export function createSecurityRepository(db: DbOrTx) {
  const sessionColumns = {
    id: sessions.id,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    ip: sessions.ip,
    country: sessions.country,
    device: sessions.device,
  };
  /** The player's sessions nobody has revoked (some may have expired since). */
  const open = (playerId: number) => and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt));
  /** Not revoked, not past its absolute expiry, and used within the idle limit. */
  const live = (playerId: number, now: Date, idleMs: number) =>
    and(
      open(playerId),
      gt(sessions.expiresAt, now),
      gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
    );

  return {
    async liveSessions(playerId: number, now: Date, idleMs: number) {
      return db
        .select(sessionColumns)
        .from(sessions)
        .where(live(playerId, now, idleMs))
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },

    async sessionById(playerId: number, sessionId: number) {
      const rows = await db
        .select({ ...sessionColumns, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The sign-in before `sessionId` (live or not): where the player was last signed in from. */
    async sessionBefore(playerId: number, sessionId: number) {
      const rows = await db
        .select(sessionColumns)
        .from(sessions)
        .where(and(eq(sessions.playerId, playerId), lt(sessions.id, sessionId)))
        .orderBy(desc(sessions.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Ends one session of the player if it is still open; true when this call ended it. */
    async revokeOne(playerId: number, sessionId: number, now: Date) {
      const one = and(open(playerId), eq(sessions.id, sessionId));
      return (await updateCount(db, sessions, one, { revokedAt: now })) === 1;
    },

    /** Ends every open session of the player except `keepId` (null = all); returns how many it ended. */
    revokeAllBut: (playerId: number, keepId: number | null, now: Date) =>
      updateCount(db, sessions, and(open(playerId), keepId === null ? undefined : ne(sessions.id, keepId)), {
        revokedAt: now,
      }),

    /** The player's row: the security centre shows its reminder interval and self-exclusion. */
    player: (playerId: number) => findRow(db, players, eq(players.id, playerId)),

    /** The player row, locked for the rest of the caller's transaction (serialises password changes). */
    async lockPlayer(playerId: number) {
      const rows = await queryRows<{ username: string; password_hash: string }>(
        db,
        sql`select username, password_hash from ${players} where id = ${playerId} for update`,
      );
      const row = rows[0];
      return row ? { username: row.username, passwordHash: row.password_hash } : null;
    },

    /** Wrong current passwords given in password changes since `since`: how many, and the oldest one's time. */
    async passwordChangeFailures(playerId: number, since: Date) {
      const rows = await db
        .select({
          n: sql<number>`count(*)::int`,
          oldest: sql<Date | string | null>`min(${loginEvents.createdAt})`,
        })
        .from(loginEvents)
        .where(
          and(
            eq(loginEvents.playerId, playerId),
            eq(loginEvents.reason, PASSWORD_CHANGE_FAILED),
            gte(loginEvents.createdAt, since),
          ),
        );
      const row = rows[0];
      return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async recordPasswordChangeFailure(row: { playerId: number; username: string; ip: string; now: Date }) {
      await db.insert(loginEvents).values({
        playerId: row.playerId,
        username: row.username.slice(0, 64),
        success: false,
        reason: PASSWORD_CHANGE_FAILED,
        ip: row.ip,
        createdAt: row.now,
      });
    },

    /**
     * Replaces the login password hash only if it still is `expected`: a compare-and-set, so that of two
     * concurrent changes made with the same old password exactly one wins and the other is told the old
     * password is wrong (it is, by then).
     */
    async replacePasswordHash(playerId: number, next: string, expected: string) {
      const current = and(eq(players.id, playerId), eq(players.passwordHash, expected));
      return (await updateCount(db, players, current, { passwordHash: next })) === 1;
    },

    async setRealityCheck(playerId: number, minutes: number) {
      await db.update(players).set({ realityCheckMinutes: minutes }).where(eq(players.id, playerId));
    },

    /**
     * Extends the player's self-exclusion to `until`, never shortening one already in force (greatest()
     * ignores a null), in one statement so that concurrent requests cannot lower it. Returns the end now
     * stored.
     */
    async extendSelfExclusion(playerId: number, until: Date) {
      const rows = await queryRows<{ until: Date | string }>(
        db,
        sql`update ${players} set self_excluded_until = greatest(self_excluded_until, ${until.toISOString()}::timestamptz)
            where id = ${playerId} returning self_excluded_until as until`,
      );
      const stored = rows[0]?.until;
      return stored ? new Date(stored) : null;
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
