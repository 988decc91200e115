import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { isCountryCode } from '@koi/contract';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { randomCode, sha256Hex } from '../../lib/crypto';
import { isCountryDenied } from '../../lib/geo';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { PlayerStatus } from './auth.schema';
import type { Db, Tx } from '../../db/client';
import { createChangeCache } from '../../lib/change-cache';
import { lengthWithin, passwordMatches } from '../../lib/passwords';
import type { ChangeFeed } from '../events';
import { createAuthRepository, type AuthRepository } from './auth.repository';
import { openSession, type RequestContext } from './open-session';
import { createPlayerDirectory } from './player-directory';
import { answerMatches, CAPTCHA_TTL_MS, drawCaptcha, hashAnswer } from './captcha';

/** Prefix of a captcha answer re-armed after registration: it passes a sign-in, never a registration. */
const SIGN_IN_ONLY = 'sign-in-only:';
/** Decision 10: letters, digits or underscore, 8–20 long. */
const USERNAME_PATTERN = /^[A-Za-z0-9_]{8,20}$/;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 20;
const INVITE_CODE_LENGTH = 8;
const INVITE_CODE_ATTEMPTS = 5;
/**
 * Only write last_seen_at when it is this stale, so that every authenticated read is not also a write: a
 * player clicking around writes once a minute, not once a request. Its only readers are the idle limit
 * (days) and the security centre's "last active", for which a minute is exact enough, so throttling loses
 * nothing, whereas batching would add a queue that a crash can lose and that still writes once per session.
 */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
/**
 * How long a signed-in session's snapshot (session, standing, profile) may be answered from memory. Changes
 * drop it at once on every node (the change feed); this bound only limits the harm of the unforeseen.
 */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 50_000;

/** Where a request came from: recorded on sessions and login events, and checked against the deny-list. */
export type { RequestContext } from './open-session';

export interface RegisterInput {
  username: string;
  password: string;
  confirmPassword: string;
  captcha: string;
  /** An inviter's invite code, or empty. */
  inviteCode: string;
  device: string;
  ageConfirmed: boolean;
}

/** What the auth module knows of the signed-in player for /api/plat/info (money formatted for display). */
export interface PlayerInfo {
  username: string;
  balance: string;
  hasWithdrawPassword: boolean;
  inviteCode: string;
  vipLevel: number;
  lastLoginAt: Date | null;
}

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
  device: string;
}

import type { AuthenticatedSession } from '../../plugins/auth';

export type { AuthenticatedSession } from '../../plugins/auth';

type SessionRow = NonNullable<Awaited<ReturnType<AuthRepository['findSessionByTokenHash']>>>;

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'captchaEnabled' | 'session' | 'login' | 'geo'>;
  clock: Clock;
  /** The player's wallet balance as a 4-decimal string; the wallet module provides it. */
  balanceOf?: (playerId: number) => Promise<string>;
  /** Called in the registration transaction so the wallet opens the player's account with the player. */
  onPlayerCreated?: (playerId: number, tx: Tx) => Promise<void>;
  /**
   * Called after a player signed out: the providers module ends the player's game sessions, so a game left
   * open in another tab takes no more bets.
   */
  onSignedOut?: (playerId: number) => Promise<void>;
  /**
   * Committed changes heard on every node: with it, session checks are answered from a short-lived cache
   * that a revoked session or a frozen player leaves at once; without it, every check reads the database.
   */
  changes?: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
}

/** Decision 10: a login password is 6–20 characters (at registration and when changed). */
export function passwordLengthOk(password: string): boolean {
  return lengthWithin(password, PASSWORD_MIN, PASSWORD_MAX);
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, clock } = deps;
  const repo = createAuthRepository(db);
  const changes = deps.changes;
  const sessionCache = changes
    ? createChangeCache<SessionRow>({
        ttlMs: SESSION_CACHE_MS,
        max: SESSION_CACHE_MAX,
        clock,
        enabled: changes.isLive,
      })
    : null;
  if (changes && sessionCache) {
    changes.on('player', (playerId) => sessionCache.invalidate(playerId));
    changes.onReset(() => sessionCache.clear());
  }

  function assertRegionAllowed(ctx: RequestContext) {
    if (isCountryDenied(config.geo, ctx.country)) throw new AppError('REGION_BLOCKED');
  }

  /** Checks and spends the device's current captcha. Any answer, right or wrong, uses it up. */
  async function checkCaptcha(device: string, answer: string, purpose: 'register' | 'login') {
    if (!config.captchaEnabled) return;
    if (!device || !answer) throw new AppError('CAPTCHA_INVALID');
    const stored = await repo.consumeLatestCaptcha(device);
    const matches =
      stored !== null &&
      (answerMatches(answer, stored) ||
        (purpose === 'login' && answerMatches(SIGN_IN_ONLY + answer, stored)));
    if (!stored || stored.expiresAt.getTime() <= clock.now().getTime() || !matches) {
      throw new AppError('CAPTCHA_INVALID');
    }
  }

  /**
   * Spec §4: a successful registration signs the player in automatically, with the same form. The captcha
   * was spent on the registration, so the answer the player just gave is armed once more for this device,
   * for one sign-in within the usual two minutes: only whoever solved it can use it, only once, and never
   * for another registration (it is stored marked as sign-in only).
   */
  async function rearmCaptchaForSignIn(device: string, answer: string) {
    if (!config.captchaEnabled || !device || !answer) return;
    await repo.insertCaptcha({
      device,
      ...hashAnswer(SIGN_IN_ONLY + answer),
      expiresAt: new Date(clock.now().getTime() + CAPTCHA_TTL_MS),
    });
  }

  async function profileOf(playerId: number): Promise<NonNullable<AuthenticatedSession['player']>> {
    const player = await repo.findPlayerById(playerId);
    if (!player) throw new AppError('UNAUTHORIZED');
    return {
      username: player.username,
      inviteCode: player.inviteCode,
      vipLevel: player.vipLevel,
      hasWithdrawPassword: player.withdrawPasswordHash !== null,
      selfExcludedUntil: player.selfExcludedUntil,
    };
  }

  /** The inviter of a registration: none for an empty code, else the code's owner (refused when unknown). */
  async function inviterOf(inviteCode: string): Promise<number | null> {
    if (!inviteCode) return null;
    const inviterId = await repo.findPlayerIdByInviteCode(inviteCode);
    if (inviterId === null) throw new AppError('INVITE_CODE_INVALID');
    return inviterId;
  }

  /**
   * Creates the player and opens everything that comes with one (wallet account, creation hooks) in one
   * transaction. Two people racing for one username are decided by the unique index: the next candidate name
   * is tried, and when none is left the loser is told plainly. A clash of the random invite code is retried.
   */
  async function createPlayer(p: {
    usernames: string[];
    passwordHash: string;
    inviterId: number | null;
    device: string;
    ctx: RequestContext;
    inTx?: (playerId: number, tx: Tx) => Promise<void>;
  }): Promise<{ playerId: number; username: string }> {
    const now = clock.now();
    let nameIndex = 0;
    for (let attempt = 1; ; attempt += 1) {
      const username = p.usernames[nameIndex]!;
      try {
        const playerId = await db.transaction(async (tx) => {
          const id = await createAuthRepository(tx).insertPlayer({
            username,
            passwordHash: p.passwordHash,
            inviteCode: randomCode(INVITE_CODE_LENGTH),
            inviterId: p.inviterId,
            ageConfirmedAt: now,
            registerIp: p.ctx.ip,
            registerDevice: p.device || null,
            // Only an assigned country code is kept: the geo header's unknown (XX), Tor (T1) and untrusted
            // answers say nothing a promotion's audience could match.
            registerCountry: p.ctx.country !== null && isCountryCode(p.ctx.country) ? p.ctx.country : null,
            createdAt: now,
          });
          await deps.onPlayerCreated?.(id, tx);
          await p.inTx?.(id, tx);
          return id;
        });
        return { playerId, username };
      } catch (error) {
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        const constraint = pgConstraint(error);
        if (constraint === 'players_username_lower_uq') {
          nameIndex += 1;
          if (nameIndex >= p.usernames.length) throw new AppError('USERNAME_TAKEN');
        } else if (constraint !== 'players_invite_code_uq' || attempt >= INVITE_CODE_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async issueCaptcha(device: string): Promise<{ imgUrl: string }> {
      const { answer, imgUrl } = drawCaptcha();
      const { salt, answerHash } = hashAnswer(answer);
      await repo.insertCaptcha({
        device,
        salt,
        answerHash,
        expiresAt: new Date(clock.now().getTime() + CAPTCHA_TTL_MS),
      });
      return { imgUrl };
    },

    /** Registration rules in the spec's order (§5), then decisions 10, 11 and 18. */
    async register(input: RegisterInput, ctx: RequestContext): Promise<true> {
      assertRegionAllowed(ctx);
      if (input.password !== input.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
      if (!input.username || !input.password || !input.confirmPassword) throw new AppError('FIELDS_MISSING');
      if (!USERNAME_PATTERN.test(input.username)) throw new AppError('USERNAME_FORMAT');
      if (!passwordLengthOk(input.password)) throw new AppError('PASSWORD_FORMAT');
      if (!input.ageConfirmed) throw new AppError('AGE_NOT_CONFIRMED');
      await checkCaptcha(input.device, input.captcha, 'register');

      const inviterId = await inviterOf(input.inviteCode);
      if (await repo.findPlayerByUsername(input.username)) throw new AppError('USERNAME_TAKEN');
      await createPlayer({
        usernames: [input.username],
        passwordHash: await hash(input.password),
        inviterId,
        device: input.device,
        ctx,
      });
      await rearmCaptchaForSignIn(input.device, input.captcha);
      return true;
    },

    /**
     * Registers a player whose identity another system vouched for (the Telegram Mini App, decision 37): the
     * same rules, invite handling and creation hooks as a registration with the form, without a password the
     * player would have to choose (the stored hash is of a random secret nobody knows, so only the vouching
     * system's sign-in opens the account). The first of `usernames` that is free is taken; `inTx` runs in the
     * registration transaction (the caller links its identity there, so the link and the player exist
     * together or not at all).
     */
    async registerVouched(
      input: { usernames: string[]; inviteCode: string; device: string; ageConfirmed: boolean },
      ctx: RequestContext,
      inTx: (playerId: number, tx: Tx) => Promise<void>,
    ): Promise<{ playerId: number; username: string }> {
      assertRegionAllowed(ctx);
      if (!input.ageConfirmed) throw new AppError('AGE_NOT_CONFIRMED');
      if (input.usernames.length === 0 || !input.usernames.every((u) => USERNAME_PATTERN.test(u)))
        throw new AppError('USERNAME_FORMAT');
      const inviterId = await inviterOf(input.inviteCode);
      return createPlayer({
        usernames: input.usernames,
        passwordHash: await hash(randomBytes(32).toString('hex')),
        inviterId,
        device: input.device,
        ctx,
        inTx,
      });
    },

    /** The player whose invite code this is, or null (the Telegram bot checks a /start payload with it). */
    async inviterIdOf(inviteCode: string): Promise<number | null> {
      return inviteCode ? repo.findPlayerIdByInviteCode(inviteCode) : null;
    },

    async login(input: LoginInput, ctx: RequestContext): Promise<{ token: string }> {
      if (!input.username || !input.password) throw new AppError('FIELDS_MISSING');
      assertRegionAllowed(ctx);
      await checkCaptcha(input.device, input.captcha, 'login');

      const now = clock.now();
      const event = {
        username: input.username.slice(0, 64),
        ip: ctx.ip,
        device: ctx.device || null,
        createdAt: now,
      };
      const minutesUntil = (until: number) => Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
      const accountLocked = (until: number) =>
        new AppError('ACCOUNT_LOCKED', { minutes: minutesUntil(until) });
      const player = await repo.findPlayerByUsername(input.username);
      if (player?.lockedUntil && player.lockedUntil.getTime() > now.getTime()) {
        await repo.insertLoginEvent({ ...event, playerId: player.id, success: false, reason: 'locked' });
        throw accountLocked(player.lockedUntil.getTime());
      }

      // Decision 32: the source (IP or device) is refused after a few failures for this username, so a
      // stranger cannot lock the owner out; the account itself locks only at the much higher threshold.
      const limits = config.login;
      const reserved = await db.transaction((tx) =>
        createAuthRepository(tx).reserveSignInAttempt(
          { username: input.username, playerId: player?.id ?? null, ip: ctx.ip, device: event.device, now },
          {
            sourceMax: limits.maxFailures,
            sourceWindowMs: limits.lockMs,
            accountMax: limits.accountMaxFailures,
            accountWindowMs: limits.accountWindowMs,
          },
        ),
      );
      if ('refused' in reserved) {
        if (reserved.refused === 'source') {
          throw new AppError('SIGN_IN_SOURCE_LOCKED', {
            minutes: minutesUntil(reserved.oldest.getTime() + limits.lockMs),
          });
        }
        throw accountLocked(reserved.oldest.getTime() + limits.accountWindowMs);
      }

      // An unknown username spends the same argon2 time as a real one and answers the same.
      const passwordOk = await passwordMatches(player?.passwordHash ?? null, input.password);
      if (!passwordOk || !player) {
        await repo.settleSignInAttempt(reserved.eventId, {
          success: false,
          reason: player ? 'bad_password' : 'unknown_user',
        });
        if (reserved.accountFailures >= limits.accountMaxFailures) {
          // The account threshold is reached: lock the player (shown to operators as locked_until) and say so.
          const until = now.getTime() + limits.accountWindowMs;
          if (player) await repo.lockPlayer(player.id, new Date(until));
          throw accountLocked(until);
        }
        throw new AppError('LOGIN_FAILED');
      }
      if (player.status === PlayerStatus.FROZEN) {
        // Only the right password learns that the account is frozen, and that attempt is not a failure.
        await repo.settleSignInAttempt(reserved.eventId, { success: false, reason: 'frozen' });
        throw new AppError('ACCOUNT_FROZEN');
      }
      await repo.settleSignInAttempt(reserved.eventId, { success: true, reason: 'ok' });

      const { token } = await openSession(repo, config.session, now, player.id, ctx);
      return { token };
    },

    /** Resolves a bearer token to its session, or null when it is unknown, revoked, idle too long or expired. */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = sha256Hex(token);
      // One query (session, standing and profile), or none while the snapshot is cached.
      const session = sessionCache
        ? await sessionCache.through(
            tokenHash,
            () => repo.findSessionByTokenHash(tokenHash) as Promise<SessionRow>,
            (row) => [String(row.playerId)],
          )
        : await repo.findSessionByTokenHash(tokenHash);
      if (!session) return null;
      const now = clock.now().getTime();
      if (session.revokedAt) return null;
      if (session.expiresAt.getTime() <= now) return null;
      if (session.lastSeenAt.getTime() + config.session.idleMs <= now) return null;
      if (session.playerStatus === PlayerStatus.FROZEN) return null;
      if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(session.sessionId, new Date(now));
        // The cached snapshot (if any) is this object: the next minute's checks see the touch too.
        session.lastSeenAt = new Date(now);
      }
      return {
        playerId: session.playerId,
        sessionId: session.sessionId,
        previousLoginAt: session.previousLoginAt,
        player: {
          username: session.username,
          inviteCode: session.inviteCode,
          vipLevel: session.vipLevel,
          hasWithdrawPassword: session.hasWithdrawPassword,
          selfExcludedUntil: session.selfExcludedUntil,
        },
      };
    },

    /** Whether the token was a session of a player who is frozen now (the 401 then says why). */
    async isFrozenToken(token: string): Promise<boolean> {
      if (!token || token.length > 128) return false;
      const session = await repo.findSessionByTokenHash(sha256Hex(token));
      return session?.playerStatus === PlayerStatus.FROZEN;
    },

    /** Drops this node's cached snapshots of the player (all players for null); see plugins/auth.ts. */
    forgetSessions(playerId: number | null) {
      if (!sessionCache) return;
      if (playerId === null) sessionCache.clear();
      else sessionCache.invalidate(String(playerId));
    },

    async logout(session: AuthenticatedSession): Promise<true> {
      await repo.revokeSession(session.sessionId, clock.now());
      await deps.onSignedOut?.(session.playerId);
      return true;
    },

    /** The player's id and username (what a provider knows the player by), or null when there is none. */
    async identity(playerId: number): Promise<{ id: number; username: string } | null> {
      const player = await repo.findPlayerById(playerId);
      return player ? { id: player.id, username: player.username } : null;
    },

    /**
     * The player a provider names by username (its bet history), or null. Providers are told the name as
     * spelled, so it must match exactly, not only ignoring case.
     */
    async playerIdOf(username: string): Promise<number | null> {
      const player = await repo.findPlayerByUsername(username);
      return player && player.username === username ? player.id : null;
    },

    ...createPlayerDirectory(db),

    /** What the withdrawals module needs to know about a player (standing and withdrawal password hash). */
    async withdrawProfile(playerId: number) {
      const player = await repo.findPlayerById(playerId);
      if (!player) return null;
      return {
        id: player.id,
        username: player.username,
        frozen: player.status === PlayerStatus.FROZEN,
        selfExcludedUntil: player.selfExcludedUntil,
        withdrawPasswordHash: player.withdrawPasswordHash,
        createdAt: player.createdAt,
      };
    },

    /** Other players seen on this player's devices (withdrawal review context). */
    playersSharingDevice: (playerId: number) => repo.playersSharingDevice(playerId),

    /** Player accounts with an operator's username or seen on their devices (separation of duties). */
    playersLinkedTo: (username: string, devices: string[]) => repo.playersLinkedTo(username, devices),

    /** Sets the withdrawal password hash if it is still `expected` (see the repository); true when it changed. */
    replaceWithdrawPasswordHash: (playerId: number, next: string, expected: string | null) =>
      repo.replaceWithdrawPasswordHash(playerId, next, expected),

    /** The profile comes with the session check; the balance is read fresh. */
    async info(session: AuthenticatedSession): Promise<PlayerInfo> {
      const player = session.player ?? (await profileOf(session.playerId));
      const balance = deps.balanceOf ? await deps.balanceOf(session.playerId) : '0.0000';
      return {
        username: player.username,
        balance,
        hasWithdrawPassword: player.hasWithdrawPassword,
        inviteCode: player.inviteCode,
        vipLevel: player.vipLevel,
        lastLoginAt: session.previousLoginAt,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
