import { hash } from '@node-rs/argon2';
import { REALITY_CHECK_MINUTES, type SelfExclusionPeriod } from '@koi/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { passwordMatches } from '../../lib/passwords';
import { passwordLengthOk, type AuthenticatedSession } from './auth.service';
import { createSecurityRepository } from './security.repository';

const HOUR_MS = 3_600_000;
/** Wrong current passwords allowed in password changes per window before changes are refused for a while. */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const EXCLUSION_MS: Record<Exclude<SelfExclusionPeriod, 'permanent'>, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};
/**
 * A permanent self-exclusion is stored as the last instant of year 9999: a real timestamp that every date
 * comparison (the player gate's `until > now`) already handles, and that JavaScript can represent.
 */
export const PERMANENT_EXCLUSION = new Date('9999-12-31T23:59:59.000Z');

type SessionRow = {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  country: string | null;
  device: string | null;
};

/** A sign-in session as the security centre lists it. */
export type SessionInfo = SessionRow & { current: boolean };

/** The player's self-exclusion in force (until null when none). */
export interface Exclusion {
  until: Date | null;
  permanent: boolean;
}

/** The current sign-in session as the reality check needs it: when it began and the player's reminder. */
export interface CurrentSession {
  startedAt: Date;
  now: Date;
  realityCheckMinutes: number;
}

export interface SecurityServiceDeps {
  db: Db;
  config: Pick<Config, 'session'>;
  clock: Clock;
  /** Ends the player's provider game sessions after other sign-in sessions were ended (see auth.service). */
  onSignedOut?: (playerId: number) => Promise<void>;
  /** Told after a self-exclusion was stored (the `player.frozen` event: promotions forfeit open bonuses). */
  onSelfExcluded?: (playerId: number) => void;
}

/**
 * The security centre (/safe, /password; decision 18). Each rule here protects the player
 * from someone else holding one of their sessions: a password change and "sign out elsewhere" end the
 * other sessions; self-exclusion ends all of them, the current one included.
 */
export function createSecurityService(deps: SecurityServiceDeps) {
  const { clock, config } = deps;
  const repo = createSecurityRepository(deps.db);

  const view = (row: SessionRow, currentId: number): SessionInfo => ({
    ...row,
    current: row.id === currentId,
  });

  const exclusion = (until: Date | null, now: Date): Exclusion =>
    until && until.getTime() > now.getTime()
      ? { until, permanent: until >= PERMANENT_EXCLUSION }
      : { until: null, permanent: false };

  async function endOtherSessions(session: AuthenticatedSession, keepCurrent: boolean) {
    const ended = await repo.revokeAllBut(
      session.playerId,
      keepCurrent ? session.sessionId : null,
      clock.now(),
    );
    // Provider game sessions belong to the player, not to one sign-in, so a game left open on another device
    // stops taking bets; the player here simply relaunches a game.
    if (ended > 0 || !keepCurrent) await deps.onSignedOut?.(session.playerId);
    return ended;
  }

  return {
    async overview(session: AuthenticatedSession) {
      const now = clock.now();
      const player = await repo.player(session.playerId);
      const live = await repo.liveSessions(session.playerId, now, config.session.idleMs);
      const current = await repo.sessionById(session.playerId, session.sessionId);
      const before = await repo.sessionBefore(session.playerId, session.sessionId);
      if (!player || !current) throw new AppError('UNAUTHORIZED');
      return {
        lastSignIn: before ? view(before, session.sessionId) : null,
        currentSignIn: view(current, session.sessionId),
        sessions: live.map((s) => view(s, session.sessionId)),
        realityCheckMinutes: player.realityCheckMinutes,
        exclusion: exclusion(player.selfExcludedUntil, now),
      };
    },

    /**
     * Changes the login password: the rules in the order the player reads the form (fields, confirmation,
     * length, old password, sameness), then every other session is signed out, because a changed password
     * is how a player takes an account back from someone who knew the old one.
     *
     * Someone holding a stolen session must not be able to guess the old password at leisure: wrong old
     * passwords are counted per player (as login events), and after PASSWORD_CHANGE_MAX_FAILURES in the
     * window further changes are refused until it passes. The player row is locked for the whole check, so
     * parallel guesses queue one behind another and cannot all slip under the limit, and two changes made
     * with the same old password cannot both succeed (the second finds the new hash).
     */
    async changePassword(
      session: AuthenticatedSession,
      input: { oldPassword: string; newPassword: string; confirmPassword: string },
      ip = '',
    ): Promise<{ signedOut: number }> {
      if (!input.oldPassword || !input.newPassword || !input.confirmPassword) {
        throw new AppError('FIELDS_MISSING');
      }
      if (input.newPassword !== input.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
      if (!passwordLengthOk(input.newPassword)) throw new AppError('PASSWORD_FORMAT');
      const now = clock.now();
      // The transaction answers with an outcome rather than throwing, so that a recorded failure commits.
      const outcome = await deps.db.transaction(async (tx) => {
        const r = createSecurityRepository(tx);
        const player = await r.lockPlayer(session.playerId);
        if (!player) return { kind: 'gone' as const };
        const failures = await r.passwordChangeFailures(
          session.playerId,
          new Date(now.getTime() - PASSWORD_CHANGE_WINDOW_MS),
        );
        if (failures.count >= PASSWORD_CHANGE_MAX_FAILURES) {
          return {
            kind: 'locked' as const,
            until: (failures.oldest ?? now).getTime() + PASSWORD_CHANGE_WINDOW_MS,
          };
        }
        if (!(await passwordMatches(player.passwordHash, input.oldPassword))) {
          await r.recordPasswordChangeFailure({
            playerId: session.playerId,
            username: player.username,
            ip,
            now,
          });
          return { kind: 'wrong' as const };
        }
        if (input.newPassword === input.oldPassword) return { kind: 'same' as const };
        const changed = await r.replacePasswordHash(
          session.playerId,
          await hash(input.newPassword),
          player.passwordHash,
        );
        return { kind: changed ? ('changed' as const) : ('wrong' as const) };
      });
      switch (outcome.kind) {
        case 'gone':
          throw new AppError('UNAUTHORIZED');
        case 'locked':
          throw new AppError('LOGIN_PASSWORD_LOCKED', {
            minutes: Math.max(1, Math.ceil((outcome.until - now.getTime()) / 60_000)),
          });
        case 'wrong':
          throw new AppError('LOGIN_PASSWORD_WRONG');
        case 'same':
          throw new AppError('LOGIN_PASSWORD_SAME');
        case 'changed':
          return { signedOut: await endOtherSessions(session, true) };
      }
    },

    async revokeSession(session: AuthenticatedSession, sessionId: number): Promise<true> {
      if (sessionId === session.sessionId) throw new AppError('SESSION_IS_CURRENT');
      const ended = await repo.revokeOne(session.playerId, sessionId, clock.now());
      // Someone else's session id and an already ended one answer the same: nothing to learn by probing ids.
      if (!ended) throw new AppError('SESSION_NOT_FOUND');
      await deps.onSignedOut?.(session.playerId);
      return true;
    },

    async revokeOthers(session: AuthenticatedSession): Promise<{ signedOut: number }> {
      return { signedOut: await endOtherSessions(session, true) };
    },

    async setRealityCheck(session: AuthenticatedSession, minutes: number): Promise<true> {
      if (!(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes)) {
        throw new AppError('REALITY_CHECK_INVALID', { allowed: REALITY_CHECK_MINUTES.join('/') });
      }
      await repo.setRealityCheck(session.playerId, minutes);
      return true;
    },

    /** When the current session signed in, and the player's reality-check interval. */
    async currentSession(session: AuthenticatedSession): Promise<CurrentSession> {
      const now = clock.now();
      const current = await repo.sessionById(session.playerId, session.sessionId);
      const player = await repo.player(session.playerId);
      if (!current || !player) throw new AppError('UNAUTHORIZED');
      return { startedAt: current.createdAt, now, realityCheckMinutes: player.realityCheckMinutes };
    },

    /**
     * Self-exclusion (decision 18) starts at once and can only be lengthened: a shorter request while a
     * longer exclusion is in force keeps the longer one. Every session of the player, this one included,
     * is signed out; the player may sign in again only to withdraw (the player gate refuses games and
     * deposits until the end).
     */
    async selfExclude(session: AuthenticatedSession, period: SelfExclusionPeriod) {
      const now = clock.now();
      const wanted =
        period === 'permanent' ? PERMANENT_EXCLUSION : new Date(now.getTime() + EXCLUSION_MS[period]);
      const stored = await repo.extendSelfExclusion(session.playerId, wanted);
      if (!stored) throw new AppError('UNAUTHORIZED');
      await endOtherSessions(session, false);
      deps.onSelfExcluded?.(session.playerId);
      // The stored end is at least `wanted`, so it is in the future: the exclusion is in force.
      return { until: stored, permanent: stored >= PERMANENT_EXCLUSION };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
