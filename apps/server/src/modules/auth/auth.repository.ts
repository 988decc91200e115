import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, type DbOrTx } from '../../db/client';
import { attemptLimit } from '../../db/attempts';
import { AdvisoryLock } from '../../db/locks';
import {
  findRow,
  inWindow,
  pageWithTotal,
  selectPage,
  selectRows,
  updateCount,
  valuesByKey,
  type ListWindow,
} from '../../db/rows';
import { captchas, loginEvents, players, PlayerStatus, sessions } from './auth.schema';

/** Sign-in events that count as failures: wrong passwords, unknown names, and reservations still in flight. */
const COUNTED_FAILURES = sql`(reason in ('pending', 'bad_password', 'unknown_user'))`;

/** SQL for players, sessions, captchas and login events. Nothing here decides; the service does. */
export function createAuthRepository(db: DbOrTx) {
  const signIns = attemptLimit(db, players, {
    failures: players.failedLogins,
    lockedUntil: players.lockedUntil,
  });
  return {
    async insertCaptcha(row: { device: string; answerHash: string; salt: string; expiresAt: Date }) {
      // A new image makes every earlier unanswered image of this device worthless, so an old answer seen
      // once cannot be replayed later.
      await db
        .update(captchas)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captchas.device, row.device), isNull(captchas.usedAt)));
      await db.insert(captchas).values(row);
    },

    /**
     * Marks the device's newest unused captcha as used and returns it. One UPDATE claims the row, so two
     * requests racing with the same answer cannot both pass.
     */
    async consumeLatestCaptcha(device: string) {
      const rows = await queryRows<{ answer_hash: string; salt: string; expires_at: Date | string }>(
        db,
        sql`
        update ${captchas} set used_at = now()
        where id = (
          select id from ${captchas} where device = ${device} and used_at is null order by id desc limit 1
        ) and used_at is null
        returning answer_hash, salt, expires_at`,
      );
      const row = rows[0];
      return row
        ? { answerHash: row.answer_hash, salt: row.salt, expiresAt: new Date(row.expires_at) }
        : null;
    },

    async findPlayerByUsername(username: string) {
      return findRow(db, players, sql`lower(${players.username}) = lower(${username})`);
    },

    findPlayerById: (id: number) => findRow(db, players, eq(players.id, id)),

    /**
     * Players linked to this one by sign-up: the same registration device fingerprint, or the same
     * registration IP within `ipWindowMs` of this player's registration (at most `limit`).
     */
    async linkedBySignUp(playerId: number, ipWindowMs: number, limit: number) {
      const rows = await queryRows<{ id: number | string; reason: 'device' | 'ip'; value: string }>(
        db,
        sql`with me as (select register_device, register_ip, created_at from players where id = ${playerId})
            select p.id, 'device' reason, p.register_device value from players p, me
              where p.id <> ${playerId} and me.register_device is not null and me.register_device <> ''
                and p.register_device = me.register_device
            union all
            select p.id, 'ip' reason, p.register_ip value from players p, me
              where p.id <> ${playerId} and me.register_ip is not null and me.register_ip <> ''
                and p.register_ip = me.register_ip
                and p.created_at between me.created_at - ${ipWindowMs} * interval '1 millisecond'
                                     and me.created_at + ${ipWindowMs} * interval '1 millisecond'
            limit ${limit}`,
      );
      return rows.map((r) => ({ playerId: Number(r.id), reason: r.reason, value: r.value }));
    },

    usernamesOf: (ids: readonly number[]): Promise<Map<number, string>> =>
      valuesByKey(db, players.id, players.username, ids),

    /**
     * The VIP levels shown with the players' info, in one statement for a whole day's level-ups; a level only
     * rises (decision 24), so a late or repeated call lowers nothing.
     */
    async raiseVipLevels(raised: readonly { playerId: number; level: number }[]) {
      if (raised.length === 0) return;
      await db.execute(
        sql`update players p set vip_level = greatest(p.vip_level, v.level)
            from unnest(${`{${raised.map((r) => r.playerId).join(',')}}`}::bigint[],
                        ${`{${raised.map((r) => r.level).join(',')}}`}::int[]) as v(id, level)
            where p.id = v.id`,
      );
    },

    async findPlayerIdByInviteCode(code: string) {
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.inviteCode, code.toUpperCase()))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async insertPlayer(row: typeof players.$inferInsert) {
      const rows = await db.insert(players).values(row).returning({ id: players.id });
      return rows[0]!.id;
    },

    /**
     * Reserves one sign-in attempt before the password is checked (reserve, then validate; decision 32). Under
     * a per-username lock it counts the recent failures (after its last success) of this username from this source (same IP or same
     * device) and from anywhere, and only when both are below their limits records a 'pending' event, which
     * counts as a failure until the caller settles it. Parallel guesses therefore queue on the lock and cannot
     * all slip under a limit. Unknown usernames are counted the same way, so the answers do not reveal which
     * accounts exist. Returns the event id and the account's failure count with this attempt, or which limit refused and when its oldest counted failure was.
     */
    async reserveSignInAttempt(
      a: { username: string; playerId: number | null; ip: string; device: string | null; now: Date },
      limits: { sourceMax: number; sourceWindowMs: number; accountMax: number; accountWindowMs: number },
    ): Promise<
      { eventId: number; accountFailures: number } | { refused: 'source' | 'account'; oldest: Date }
    > {
      const name = a.username.toLowerCase();
      const now = a.now.getTime();
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.SIGN_IN_NAME}::int, hashtext(${name}))`,
      );
      const counted = (since: number, source: SQL | null) => sql`
        select count(*)::int as n, min(created_at) as oldest from ${loginEvents}
        where lower(username) = ${name} and ${COUNTED_FAILURES}
          and created_at > ${new Date(since).toISOString()}::timestamptz
          ${source ? sql`and ${source}` : sql``}
          and id > coalesce((select max(id) from ${loginEvents}
            where lower(username) = ${name} and success ${source ? sql`and ${source}` : sql``}), 0)`;
      const fromSource = a.device ? sql`(ip = ${a.ip} or device = ${a.device})` : sql`ip = ${a.ip}`;
      const [source] = await queryRows<{ n: number; oldest: Date | string | null }>(
        db,
        counted(now - limits.sourceWindowMs, fromSource),
      );
      if (source!.n >= limits.sourceMax) return { refused: 'source', oldest: new Date(source!.oldest!) };
      const [account] = await queryRows<{ n: number; oldest: Date | string | null }>(
        db,
        counted(now - limits.accountWindowMs, null),
      );
      if (account!.n >= limits.accountMax) return { refused: 'account', oldest: new Date(account!.oldest!) };
      const rows = await db
        .insert(loginEvents)
        .values({
          username: a.username.slice(0, 64),
          playerId: a.playerId,
          ip: a.ip,
          device: a.device,
          success: false,
          reason: 'pending',
          createdAt: a.now,
        })
        .returning({ id: loginEvents.id });
      return { eventId: rows[0]!.id, accountFailures: account!.n + 1 };
    },

    /** Settles a reserved attempt: its outcome replaces 'pending' ('frozen' and 'ok' no longer count). */
    async settleSignInAttempt(eventId: number, outcome: { success: boolean; reason: string }) {
      await db.update(loginEvents).set(outcome).where(eq(loginEvents.id, eventId));
    },

    async lockPlayer(playerId: number, until: Date) {
      await db.update(players).set({ lockedUntil: until, failedLogins: 0 }).where(eq(players.id, playerId));
    },

    /** Clears an expired lock so the next attempt starts a fresh count. */
    clearExpiredLock: (playerId: number, now: Date) =>
      signIns.clearExpiredLock(eq(players.id, playerId), now),

    /** Records a successful sign-in; returns the sign-in time before this one. */
    async recordLoginSuccess(playerId: number, now: Date) {
      const rows = await queryRows<{ previous: Date | string | null }>(
        db,
        sql`
        update ${players} p set failed_logins = 0, locked_until = null, last_login_at = ${now.toISOString()}::timestamptz
        from (select last_login_at as previous from ${players} where id = ${playerId}) prev
        where p.id = ${playerId}
        returning prev.previous`,
      );
      const previous = rows[0]?.previous;
      return previous ? new Date(previous) : null;
    },

    async insertLoginEvent(row: typeof loginEvents.$inferInsert) {
      await db.insert(loginEvents).values(row);
    },

    /** Stores a new session; answers its id. */
    async insertSession(row: typeof sessions.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(sessions).values(row).returning({ id: sessions.id });
      return inserted!.id;
    },

    async findSessionByTokenHash(tokenHash: string) {
      const rows = await db
        .select({
          sessionId: sessions.id,
          playerId: sessions.playerId,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          previousLoginAt: sessions.previousLoginAt,
          playerStatus: players.status,
          // The profile most signed-in calls need, in the same query.
          username: players.username,
          inviteCode: players.inviteCode,
          vipLevel: players.vipLevel,
          hasWithdrawPassword: sql<boolean>`${players.withdrawPasswordHash} is not null`,
          selfExcludedUntil: players.selfExcludedUntil,
        })
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async touchSession(sessionId: number, now: Date) {
      await updateCount(db, sessions, eq(sessions.id, sessionId), { lastSeenAt: now });
    },

    async revokeSession(sessionId: number, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /**
     * Replaces the withdrawal password hash only if it still is `expected` (null = none set yet): a
     * compare-and-set, so two concurrent "set" requests cannot both succeed. Returns whether it changed.
     */
    async replaceWithdrawPasswordHash(playerId: number, next: string, expected: string | null) {
      const current =
        expected === null ? isNull(players.withdrawPasswordHash) : eq(players.withdrawPasswordHash, expected);
      const changed = await updateCount(db, players, and(eq(players.id, playerId), current), {
        withdrawPasswordHash: next,
      });
      return changed === 1;
    },

    async recentLoginEvents(playerId: number, limit: number) {
      return selectRows(db, loginEvents, {
        where: eq(loginEvents.playerId, playerId),
        orderBy: [desc(loginEvents.id)],
        limit,
      });
    },

    // ----- operator console -----

    async searchPlayers(f: PlayerSearch) {
      const keyword = f.keyword.trim();
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const conditions: (SQL | undefined)[] = [
        keyword
          ? or(
              ilike(players.username, like),
              /^\d{1,15}$/.test(keyword) ? eq(players.id, Number(keyword)) : undefined,
              eq(players.inviteCode, keyword.toUpperCase()),
            )
          : undefined,
        f.status ? eq(players.status, f.status) : undefined,
        inWindow(players.createdAt, f),
      ];
      const where = and(...conditions);
      const column = {
        id: players.id,
        username: players.username,
        created_at: players.createdAt,
        last_login_at: players.lastLoginAt,
      }[f.sort];
      const order = f.order === 'asc' ? asc(column) : sql`${column} desc nulls last`;
      const orderBy = [order, f.order === 'asc' ? asc(players.id) : desc(players.id)];
      return selectPage(db, players, { where, orderBy, limit: f.limit, offset: f.offset });
    },

    async invitees(playerId: number, limit: number) {
      const where = eq(players.inviterId, playerId);
      return pageWithTotal(
        db,
        players,
        db
          .select({ id: players.id, username: players.username, createdAt: players.createdAt })
          .from(players)
          .$dynamic(),
        { where, orderBy: [desc(players.id)], limit },
      );
    },

    activeSessionCount: (playerId: number, now: Date) =>
      countRows(
        db,
        sessions,
        and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      ),

    /**
     * Other players who registered or signed in from a device this player used (withdrawal review: one
     * person behind several accounts). Devices come from registration and from sessions; at most 20 ids.
     */
    async playersSharingDevice(playerId: number): Promise<number[]> {
      const rows = await queryRows<{ id: number | string }>(
        db,
        sql`with mine as (
              select register_device as device from ${players} where id = ${playerId} and register_device <> ''
              union
              select device from ${sessions} where player_id = ${playerId} and device <> ''
            )
            select id from (
              select p.id from ${players} p join mine m on m.device = p.register_device where p.id <> ${playerId}
              union
              select s.player_id from ${sessions} s join mine m on m.device = s.device where s.player_id <> ${playerId}
            ) o order by 1 limit 20`,
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * Player accounts that may belong to a console operator: the same username (ignoring case), or registered
     * or signed in from one of the operator's devices. At most 100.
     */
    async playersLinkedTo(
      username: string,
      devices: string[],
    ): Promise<{ id: number; by: 'username' | 'device' }[]> {
      const list = devices.filter((d) => d !== '');
      const deviceSql = list.length
        ? sql`union
              select id, 'device' from ${players} where register_device in (${sql.join(
                list.map((d) => sql`${d}`),
                sql`, `,
              )})
              union
              select player_id, 'device' from ${sessions} where device in (${sql.join(
                list.map((d) => sql`${d}`),
                sql`, `,
              )})`
        : sql``;
      const rows = await queryRows<{ id: number | string; by: 'username' | 'device' }>(
        db,
        sql`select id, by from (
              select id, 'username' as by from ${players} where lower(username) = lower(${username})
              ${deviceSql}
            ) l order by by desc, id limit 100`,
      );
      return rows.map((r) => ({ id: Number(r.id), by: r.by }));
    },

    /** The player row locked for the rest of the caller's transaction. */
    async lockPlayerRow(playerId: number) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from ${players} where id = ${playerId} for update`,
      );
      return rows.length === 1;
    },

    async setStatus(playerId: number, status: number) {
      await db.update(players).set({ status }).where(eq(players.id, playerId));
    },

    async setPasswordHash(playerId: number, passwordHash: string) {
      await db
        .update(players)
        .set({ passwordHash, failedLogins: 0, lockedUntil: null })
        .where(eq(players.id, playerId));
    },

    /** Ends every live session of the player at once; a revoked session never comes back. */
    revokeAllSessions: (playerId: number, now: Date) =>
      updateCount(db, sessions, and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)), {
        revokedAt: now,
      }),

    async registrationsByDay(from: Date, utcOffsetMs: number) {
      const rows = await queryRows<{ day: string; n: number }>(
        db,
        sql`select to_char((${players.createdAt} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(utcOffsetMs / 1000)} seconds'`)}, 'YYYY-MM-DD') as day,
              count(*)::int n
            from ${players} where ${players.createdAt} >= ${from.toISOString()}::timestamptz
            group by 1`,
      );
      return rows;
    },

    async playerCounts() {
      const rows = await queryRows<{ total: number; frozen: number }>(
        db,
        sql`select count(*)::int total, (count(*) filter (where status = ${PlayerStatus.FROZEN}))::int frozen
            from ${players}`,
      );
      return rows[0] ?? { total: 0, frozen: 0 };
    },
  };
}

export interface PlayerSearch extends ListWindow {
  keyword: string;
  status: number;
  sort: 'id' | 'username' | 'created_at' | 'last_login_at';
  order: 'asc' | 'desc';
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
