import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME_PATTERN,
  PERMISSION_AREAS,
  ROLE_PERMISSIONS,
  levelRank,
  type AuditAction,
  type OperatorRole,
  type PermissionArea,
  type PermissionLevel,
  type Permissions,
} from '@koi/contract';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { lengthWithin, passwordMatches } from '../../lib/passwords';
import { newSession } from '../../lib/sessions';
import type { Actor, OperatorContext } from '../../plugins/console';
import { createAuditLog, type AuditLog } from '../audit';
import { createOperatorsRepository, type OperatorRow } from './operators.repository';
import { EnrolmentKind, OperatorStatus } from './operators.schema';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';

/*
 * Design note: operators.
 *
 * Operators are not players: their own table, their own sessions, their own tokens (prefixed `op_` and looked
 * up only in operator_sessions, so a player token can never pass the console's check and an operator token
 * is unknown to the player API). Sign-in needs the password and a TOTP code (RFC 6238, otplib); a code is
 * accepted once: the time step it belongs to is written with a conditional UPDATE that only moves forward,
 * so a replayed code, even in a parallel request, is refused. Failures (password or code) are counted with
 * "reserve, then validate" as for players: five in a row lock the account for fifteen minutes.
 *
 * Instead of the code, one of the operator's recovery codes is accepted (recovery-codes.ts): spent by a
 * conditional UPDATE, so a code works once even when two sign-ins present it together.
 *
 * Sessions end after 30 idle minutes or 12 hours, when revoked by their operator, when the operator is
 * disabled or reset, and (all but the current one) when the password changes.
 *
 * Permissions are an area at a level; an operator's effective permissions are their role's, with optional
 * per-area overrides for non-admin roles. Nobody grants more than they hold, nor changes someone who holds
 * more than they do; the last active admin cannot be disabled or demoted (the admins' rows are locked in id
 * order while deciding, so two admins demoting each other at once cannot both succeed).
 */

const SESSION_TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PREFIX = 'op_';
const TOTP_ISSUER = 'Koi';
/** One step either side accepts a phone whose clock is up to 30 seconds off. */
const TOTP_TOLERANCE_SECONDS = 30;
const SESSIONS_SHOWN = 50;
/** How long an enrolment link works: long enough to reach a new colleague the same day, short enough to lapse. */
export const ENROLMENT_TTL_MS = 24 * 3_600_000;
/** How long the first operator's setup link printed at start stays usable. */
export const SETUP_TTL_MS = 30 * 60_000;
/** Devices of an operator compared with players' devices (own player accounts, separation of duties). */
const DEVICES_COMPARED = 50;

export interface RequestOrigin {
  ip: string;
  device: string;
}

/** A signed-in operator, as the guard hands it to routes. */
export type { OperatorContext } from '../../plugins/console';

export interface Credentials {
  id: number;
  username: string;
  password: string;
  totpSecret: string;
  otpauthUri: string;
  /** Ten single-use codes that stand in for the authenticator code, shown to the person at the terminal once. */
  recoveryCodes: string[];
}

/** A one-time enrolment link's token, handed to the admin to pass on; it reveals no credential itself. */
export interface Enrolment {
  id: number;
  username: string;
  token: string;
  expiresAt: Date;
}

export type PermissionOverrides = Partial<Record<PermissionArea, PermissionLevel>>;

export function effectivePermissions(role: OperatorRole, overrides: PermissionOverrides): Permissions {
  if (role === 'admin') return { ...ROLE_PERMISSIONS.admin };
  return { ...ROLE_PERMISSIONS[role], ...overrides };
}

const roleOf = (row: OperatorRow) => row.role as OperatorRole;
const overridesOf = (row: OperatorRow) => row.overrides as PermissionOverrides;
export const permissionsOf = (row: OperatorRow) => effectivePermissions(roleOf(row), overridesOf(row));

/** The first area where `wanted` exceeds `held`, or null. */
function exceedingArea(wanted: Permissions, held: Permissions): PermissionArea | null {
  return PERMISSION_AREAS.find((a) => levelRank(wanted[a]) > levelRank(held[a])) ?? null;
}

/** A random one-time password: 16 characters from 96 bits, easy to type from the screen it is shown on. */
export function oneTimePassword(): string {
  return newToken().slice(0, 16);
}

function passwordOk(password: string) {
  return lengthWithin(password, OPERATOR_PASSWORD_MIN, OPERATOR_PASSWORD_MAX);
}

export interface NewOperator {
  username: string;
  role: OperatorRole;
  overrides?: PermissionOverrides;
  reason?: string;
}

export interface OperatorsServiceDeps {
  db: Db;
  config: Pick<Config, 'console' | 'audit'>;
  clock: Clock;
  /** Where every change to an operator is audited; the command line and tests leave it to the default. */
  audit?: Pick<AuditLog, 'record'>;
}

export function createOperatorsService(deps: OperatorsServiceDeps) {
  const { db, clock } = deps;
  const cfg = deps.config.console;
  const repo = createOperatorsRepository(db);
  const audit = deps.audit ?? createAuditLog({ db, clock, config: deps.config });

  function newCredentials(username: string) {
    const password = oneTimePassword();
    const totpSecret = generateSecret();
    const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: username, secret: totpSecret });
    return { password, totpSecret, otpauthUri };
  }

  function actorOf(op: OperatorContext, ip: string | null): Actor {
    return { operatorId: op.operatorId, username: op.username, ip };
  }

  async function loadOrFail(id: number) {
    const row = await repo.findById(id);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND');
    return row;
  }

  /** Refuses a grant above the actor's own permissions, and changes to someone who holds more. */
  function assertMayManage(actor: OperatorContext, target: Permissions | null, wanted: Permissions | null) {
    for (const p of [target, wanted]) {
      const area = p && exceedingArea(p, actor.permissions);
      if (area) throw new AppError('OPERATOR_GRANT_EXCEEDS', { area });
    }
  }

  function checkRoleInput(role: OperatorRole, overrides: PermissionOverrides | undefined) {
    const clean = overrides ?? {};
    if (role === 'admin' && Object.keys(clean).length > 0) throw new AppError('OPERATOR_ADMIN_OVERRIDES');
    return clean;
  }

  /**
   * Inside `tx`: refuses when the change would leave no active admin. Locks every active admin row and the
   * target in id order (one statement), so concurrent demotions serialise instead of both passing.
   */
  async function assertAdminRemains(tx: Db, target: OperatorRow, nextRole: OperatorRole, nextStatus: number) {
    const wasActiveAdmin = target.role === 'admin' && target.status === OperatorStatus.ACTIVE;
    const staysActiveAdmin = nextRole === 'admin' && nextStatus === OperatorStatus.ACTIVE;
    if (!wasActiveAdmin || staysActiveAdmin) return;
    const others = await createOperatorsRepository(tx).lockOtherActiveAdmins(target.id);
    if (others === 0) throw new AppError('OPERATOR_LAST_ADMIN');
  }

  function summary(row: OperatorRow) {
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      overrides: row.overrides,
      status: row.status,
      mustChangePassword: row.mustChangePassword,
    };
  }

  /** Inserts the operator and, for the console, its enrolment link; `issuedBy` is the admin (null: CLI). */
  async function create(
    input: NewOperator,
    by: { actor: Actor; context: OperatorContext | null },
    creds: ReturnType<typeof newCredentials>,
    issuedBy: number | null,
  ) {
    const username = input.username.trim();
    if (!OPERATOR_USERNAME_PATTERN.test(username)) throw new AppError('OPERATOR_USERNAME_FORMAT');
    const overrides = checkRoleInput(input.role, input.overrides);
    const permissions = effectivePermissions(input.role, overrides);
    if (by.context) assertMayManage(by.context, null, permissions);
    const passwordHash = await hash(creds.password);
    try {
      return await db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        const created = await r.insertOperator({
          username,
          passwordHash,
          role: input.role,
          overrides,
          totpSecret: creds.totpSecret,
          mustChangePassword: true,
          createdBy: by.actor.username,
          createdAt: clock.now(),
        });
        const enrolment = by.context
          ? await issueEnrolment(r, created.id, EnrolmentKind.CREATE, issuedBy)
          : null;
        await audit.record(
          {
            actor: by.actor,
            action: 'operator.create',
            target: { type: 'operator', id: created.id },
            reason: input.reason ?? '',
            after: summary(created),
          },
          tx,
        );
        return { row: created, enrolment };
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('OPERATOR_USERNAME_TAKEN');
      throw error;
    }
  }

  async function issueEnrolment(
    r: ReturnType<typeof createOperatorsRepository>,
    operatorId: number,
    kind: number,
    issuedBy: number | null,
  ) {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS);
    await r.withdrawEnrolments(operatorId, now);
    await r.insertEnrolment({
      operatorId,
      tokenHash: sha256Hex(token),
      kind,
      issuedBy,
      createdAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** New recovery codes for the operator inside `tx`, replacing the old ones; the plain codes are returned once. */
  async function issueRecoveryCodes(r: ReturnType<typeof createOperatorsRepository>, operatorId: number) {
    const codes = newRecoveryCodes();
    await r.replaceRecoveryCodes(operatorId, codes.map(hashRecoveryCode), clock.now());
    return codes;
  }

  /** The enrolment behind a token while it is unused and unexpired, with its operator; refused otherwise. */
  async function usableEnrolment(token: string) {
    const enrolment = token.length <= 128 ? await repo.findEnrolmentByTokenHash(sha256Hex(token)) : null;
    const now = clock.now().getTime();
    if (!enrolment || enrolment.usedAt || enrolment.expiresAt.getTime() <= now) {
      throw new AppError('OPERATOR_ENROLMENT_INVALID');
    }
    const operator = await repo.findById(enrolment.operatorId);
    if (!operator || operator.status !== OperatorStatus.ACTIVE)
      throw new AppError('OPERATOR_ENROLMENT_INVALID');
    return { enrolment, operator };
  }

  /**
   * The time step of a current code of `secret`, which proves an authenticator holds the secret an enrolment
   * or setup page showed; refused with OPERATOR_ENROL_TOTP otherwise.
   */
  async function enrolmentStep(secret: string, token: string, now: Date): Promise<number> {
    const totp = await verifyTotp({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    }).catch(() => ({ valid: false as const }));
    if (!totp.valid || !('timeStep' in totp)) throw new AppError('OPERATOR_ENROL_TOTP');
    return totp.timeStep;
  }

  /** A setup link while it is unused and unexpired; refused otherwise (also once any operator exists). */
  async function usableSetup(token: string) {
    const setup = token.length <= 128 ? await repo.findSetupByTokenHash(sha256Hex(token)) : null;
    if (!setup || setup.usedAt || setup.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError('OPERATOR_SETUP_INVALID');
    }
    if (await repo.anyOperator()) throw new AppError('OPERATOR_SETUP_INVALID');
    return setup;
  }

  return {
    actorOf,

    /**
     * Issues the first operator's setup link when no operator exists, or returns null. Called by a starting
     * server; each start replaces the previous unused link. Under one advisory lock, so servers starting at once
     * on one database leave one usable link between them (the last), never two.
     */
    async openFirstRunSetup(): Promise<{ token: string; expiresAt: Date } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.OPERATOR_SETUP})`);
        const r = createOperatorsRepository(tx);
        if (await r.anyOperator()) return null;
        const now = clock.now();
        const token = newToken();
        const expiresAt = new Date(now.getTime() + SETUP_TTL_MS);
        await r.withdrawSetups(now);
        await r.insertSetup({
          tokenHash: sha256Hex(token),
          totpSecret: generateSecret(),
          createdAt: now,
          expiresAt,
        });
        return { token, expiresAt };
      });
    },

    /** What the setup page shows the holder of the link: the TOTP secret to enrol. */
    async setupInfo(token: string) {
      const setup = await usableSetup(token);
      return {
        totpSecret: setup.totpSecret,
        // The username is chosen on the same page, after the secret is enrolled: the authenticator's entry is
        // labelled by its purpose instead.
        otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: 'console-admin', secret: setup.totpSecret }),
        expiresAt: setup.expiresAt,
      };
    },

    /**
     * Creates the first operator (role admin) from the setup link: a username, their own password and a current
     * code of the link's TOTP secret. In one transaction under the setup lock: the link is spent by a
     * conditional UPDATE and "no operator exists" is read again, so two browsers completing at once (or a
     * completion racing `operator:create`) make one admin at most.
     */
    async completeSetup(
      input: { token: string; username: string; password: string; totp: string },
      ip: string,
    ) {
      const setup = await usableSetup(input.token);
      const username = input.username.trim();
      if (!OPERATOR_USERNAME_PATTERN.test(username)) throw new AppError('OPERATOR_USERNAME_FORMAT');
      if (!passwordOk(input.password)) throw new AppError('OPERATOR_PASSWORD_FORMAT');
      const now = clock.now();
      const step = await enrolmentStep(setup.totpSecret, input.totp, now);
      const passwordHash = await hash(input.password);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.OPERATOR_SETUP})`);
        const r = createOperatorsRepository(tx);
        if ((await r.anyOperator()) || !(await r.spendSetup(setup.id, now))) {
          throw new AppError('OPERATOR_SETUP_INVALID');
        }
        const created = await r.insertOperator({
          username,
          passwordHash,
          role: 'admin',
          overrides: {},
          totpSecret: setup.totpSecret,
          totpLastStep: step,
          mustChangePassword: false,
          createdBy: null,
          createdAt: now,
        });
        const recoveryCodes = await issueRecoveryCodes(r, created.id);
        await audit.record(
          {
            actor: { operatorId: created.id, username, ip },
            action: 'operator.setup',
            target: { type: 'operator', id: created.id },
            after: { ...summary(created), recovery_codes: recoveryCodes.length },
          },
          tx,
        );
        return { username, recoveryCodes };
      });
    },

    /**
     * The command line's operator creation: the person at the terminal receives the one-time password (changed
     * at first sign-in) and the TOTP secret directly, because the first operator has nobody to enrol them.
     */
    async createOperator(input: NewOperator, by: { actor: Actor; context: null }): Promise<Credentials> {
      const creds = newCredentials(input.username.trim());
      const { row } = await create(input, by, creds, null);
      const recoveryCodes = await db.transaction((tx) =>
        issueRecoveryCodes(createOperatorsRepository(tx), row.id),
      );
      return { id: row.id, username: row.username, ...creds, recoveryCodes };
    },

    /**
     * The console's operator creation: the admin receives only a one-time enrolment link to pass on. The
     * password stored is random and never shown; the new operator chooses their own through the link and
     * enrols the TOTP secret there, so nobody but them ever sees either.
     */
    async inviteOperator(
      input: NewOperator,
      by: { actor: Actor; context: OperatorContext },
    ): Promise<Enrolment> {
      const creds = newCredentials(input.username.trim());
      const { row, enrolment } = await create(input, by, creds, by.context.operatorId);
      return { id: row.id, username: row.username, ...enrolment! };
    },

    /** What the enrolment page shows: the operator's name and the TOTP secret to add to an authenticator. */
    async enrolmentInfo(token: string) {
      const { enrolment, operator } = await usableEnrolment(token);
      return {
        username: operator.username,
        totpSecret: operator.totpSecret,
        otpauthUri: generateURI({
          issuer: TOTP_ISSUER,
          label: operator.username,
          secret: operator.totpSecret,
        }),
        expiresAt: enrolment.expiresAt,
      };
    },

    /**
     * Completes an enrolment: the operator's own password and a current code of the TOTP secret prove the
     * authenticator holds it. The link is spent in the same transaction (a conditional UPDATE: once only).
     */
    async enrol(input: { token: string; password: string; totp: string }, ip: string) {
      const { enrolment, operator } = await usableEnrolment(input.token);
      if (!passwordOk(input.password)) throw new AppError('OPERATOR_PASSWORD_FORMAT');
      const now = clock.now();
      const step = await enrolmentStep(operator.totpSecret, input.totp, now);
      const passwordHash = await hash(input.password);
      const recoveryCodes = await db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        if (!(await r.spendEnrolment(enrolment.id, now))) throw new AppError('OPERATOR_ENROLMENT_INVALID');
        await r.update(operator.id, {
          passwordHash,
          mustChangePassword: false,
          totpLastStep: step,
          failedLogins: 0,
          lockedUntil: null,
        });
        await r.revokeAllSessions(operator.id, now);
        const codes = await issueRecoveryCodes(r, operator.id);
        await audit.record(
          {
            actor: { operatorId: operator.id, username: operator.username, ip },
            action: 'operator.enrol',
            target: { type: 'operator', id: operator.id },
            after: { enrolment: enrolment.id, recovery_codes: codes.length },
          },
          tx,
        );
        return codes;
      });
      return { username: operator.username, recoveryCodes };
    },

    /**
     * Whether either operator created, reset or re-enrolled the other within `withinMs`: such a pair cannot
     * make the two decisions of a two-person rule (one could hold the other's credentials). `conn`: the
     * caller's transaction, when it holds one.
     */
    async enrolledEachOther(a: number, b: number, withinMs: number, conn: DbOrTx = db) {
      const since = new Date(clock.now().getTime() - withinMs);
      const r = createOperatorsRepository(conn);
      return (await r.enrolledBy(a, b, since)) || (await r.enrolledBy(b, a, since));
    },

    /** What links an operator to player accounts: their username and the devices they signed in from. */
    async linkHints(operatorId: number) {
      const row = await repo.findById(operatorId);
      if (!row) return null;
      return { username: row.username, devices: await repo.devicesOf(operatorId, DEVICES_COMPARED) };
    },

    /**
     * Signs an operator in with the password and either a current authenticator code (`totp`) or one of their
     * recovery codes (`recoveryCode`); exactly one of the two is given (the route's schema says so).
     */
    async login(
      input: { username: string; password: string; totp?: string; recoveryCode?: string },
      origin: RequestOrigin,
    ): Promise<{ token: string; mustChangePassword: boolean }> {
      const now = clock.now();
      const event = { username: input.username.slice(0, 64), ip: origin.ip, device: origin.device || null };
      const fail = async (operatorId: number | null, reason: string) =>
        repo.insertLogin({ ...event, operatorId, success: false, reason, createdAt: now });

      const op = await repo.findByUsername(input.username);
      if (!op) {
        // Same argon2 time as a real check, so the answer does not reveal which usernames exist.
        await passwordMatches(null, input.password);
        await fail(null, 'unknown_user');
        throw new AppError('OPERATOR_LOGIN_FAILED');
      }
      const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
      if (op.lockedUntil && op.lockedUntil.getTime() > now.getTime()) {
        await fail(op.id, 'locked');
        throw new AppError('OPERATOR_LOCKED', { minutes: minutesLeft(op.lockedUntil) });
      }
      if (op.lockedUntil) await repo.clearExpiredLock(op.id, now);
      const attempt = await repo.reserveAttempt(op.id, cfg.maxFailures, now);
      if (attempt === null) {
        await fail(op.id, 'locked');
        throw new AppError('OPERATOR_LOCKED', { minutes: Math.ceil(cfg.lockMs / 60_000) });
      }

      const passwordOk = await passwordMatches(op.passwordHash, input.password);
      const recovery = input.recoveryCode;
      const totp =
        passwordOk && recovery === undefined
          ? await verifyTotp({
              secret: op.totpSecret,
              token: input.totp ?? '',
              epoch: Math.floor(now.getTime() / 1000),
              epochTolerance: TOTP_TOLERANCE_SECONDS,
            }).catch(() => ({ valid: false as const }))
          : { valid: false as const };
      // otplib's result type covers HOTP too; a TOTP match always names its time step.
      const step = totp.valid && 'timeStep' in totp ? totp.timeStep : null;
      // A recovery code is checked by spending it: the conditional UPDATE is the check, so it works once.
      const recovered =
        passwordOk &&
        recovery !== undefined &&
        looksLikeRecoveryCode(recovery) &&
        (await repo.spendRecoveryCode(op.id, hashRecoveryCode(recovery), now));
      if (!passwordOk || (step === null && !recovered)) {
        const reason = !passwordOk
          ? 'bad_password'
          : recovery !== undefined
            ? 'bad_recovery_code'
            : 'bad_totp';
        await fail(op.id, reason);
        if (attempt >= cfg.maxFailures) {
          const until = new Date(now.getTime() + cfg.lockMs);
          await repo.lock(op.id, until);
          throw new AppError('OPERATOR_LOCKED', { minutes: minutesLeft(until) });
        }
        throw new AppError('OPERATOR_LOGIN_FAILED');
      }
      if (op.status !== OperatorStatus.ACTIVE) {
        await fail(op.id, 'disabled');
        throw new AppError('OPERATOR_DISABLED');
      }
      // The code was right; it is spent only if its time step is later than the last one spent.
      if (step !== null && !(await repo.spendTotpStep(op.id, step, now))) {
        await fail(op.id, 'totp_reused');
        throw new AppError('OPERATOR_TOTP_REUSED');
      }

      const { token, row } = newSession(now, cfg.sessionAbsoluteMs, origin, TOKEN_PREFIX);
      const sessionId = await repo.insertSession({ operatorId: op.id, ...row });
      await repo.insertLogin({ ...event, operatorId: op.id, success: true, reason: 'ok', createdAt: now });
      await audit.record({
        actor: { operatorId: op.id, username: op.username, ip: origin.ip },
        action: 'operator.login',
        target: { type: 'operator_session', id: sessionId },
        after: recovered
          ? {
              device: origin.device || null,
              second_factor: 'recovery_code',
              recovery_codes_left: (await repo.recoveryCodesLeft(op.id)).left,
            }
          : { device: origin.device || null },
      });
      return { token, mustChangePassword: op.mustChangePassword };
    },

    /** The operator behind a bearer token, or null when unknown, revoked, idle too long, expired or disabled. */
    async authenticate(token: string): Promise<OperatorContext | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
      const found = await repo.findSessionByTokenHash(sha256Hex(token));
      if (!found) return null;
      const { session, operator } = found;
      const now = clock.now().getTime();
      if (session.revokedAt || session.expiresAt.getTime() <= now) return null;
      if (session.lastSeenAt.getTime() + cfg.sessionIdleMs <= now) return null;
      if (operator.status !== OperatorStatus.ACTIVE) return null;
      if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(session.id, new Date(now));
      }
      return {
        operatorId: operator.id,
        username: operator.username,
        role: roleOf(operator),
        permissions: permissionsOf(operator),
        mustChangePassword: operator.mustChangePassword,
        sessionId: session.id,
      };
    },

    async changePassword(
      op: OperatorContext,
      input: { oldPassword: string; newPassword: string },
      ip: string,
    ) {
      const row = await loadOrFail(op.operatorId);
      if (!(await passwordMatches(row.passwordHash, input.oldPassword))) {
        throw new AppError('OPERATOR_PASSWORD_WRONG');
      }
      if (!passwordOk(input.newPassword) || input.newPassword === input.oldPassword) {
        throw new AppError('OPERATOR_PASSWORD_FORMAT');
      }
      const passwordHash = await hash(input.newPassword);
      await db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        await r.update(op.operatorId, { passwordHash, mustChangePassword: false });
        // Whoever might have learned the old password loses every other session with it.
        await r.revokeAllSessions(op.operatorId, clock.now(), op.sessionId);
        await audit.record(
          {
            actor: actorOf(op, ip),
            action: 'operator.password_change',
            target: { type: 'operator', id: op.operatorId },
            before: { must_change_password: row.mustChangePassword },
            after: { must_change_password: false },
          },
          tx,
        );
      });
      return true as const;
    },

    async logout(op: OperatorContext, ip: string) {
      await db.transaction(async (tx) => {
        await createOperatorsRepository(tx).revokeSession(op.operatorId, op.sessionId, clock.now());
        await audit.record(
          {
            actor: actorOf(op, ip),
            action: 'operator.logout',
            target: { type: 'operator_session', id: op.sessionId },
          },
          tx,
        );
      });
      return true as const;
    },

    async sessions(op: OperatorContext) {
      const rows = await repo.listSessions(op.operatorId, SESSIONS_SHOWN);
      const now = clock.now().getTime();
      return rows.map((s) => ({
        ...s,
        current: s.id === op.sessionId,
        active:
          !s.revokedAt && s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + cfg.sessionIdleMs > now,
      }));
    },

    async revokeSession(op: OperatorContext, sessionId: number, ip: string) {
      await db.transaction(async (tx) => {
        const ended = await createOperatorsRepository(tx).revokeSession(
          op.operatorId,
          sessionId,
          clock.now(),
        );
        if (!ended) throw new AppError('OPERATOR_SESSION_NOT_FOUND');
        await audit.record(
          {
            actor: actorOf(op, ip),
            action: 'operator.session_revoke',
            target: { type: 'operator_session', id: sessionId },
          },
          tx,
        );
      });
      return true as const;
    },

    async list(page: number, size: number) {
      return repo.list(size, (page - 1) * size);
    },

    async changeRole(
      actor: OperatorContext,
      ip: string,
      id: number,
      input: { role: OperatorRole; overrides?: PermissionOverrides; reason: string },
    ) {
      if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
      const overrides = checkRoleInput(input.role, input.overrides);
      return db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        if (!(await r.lockById(id))) throw new AppError('OPERATOR_NOT_FOUND');
        const target = (await r.findById(id))!;
        assertMayManage(actor, permissionsOf(target), effectivePermissions(input.role, overrides));
        await assertAdminRemains(tx, target, input.role, target.status);
        const updated = (await r.update(id, { role: input.role, overrides }))!;
        await audit.record(
          {
            actor: actorOf(actor, ip),
            action: 'operator.role_change',
            target: { type: 'operator', id },
            reason: input.reason,
            before: { role: target.role, overrides: target.overrides },
            after: { role: updated.role, overrides: updated.overrides },
          },
          tx,
        );
        return updated;
      });
    },

    async setStatus(actor: OperatorContext, ip: string, id: number, enable: boolean, reason: string) {
      if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
      const status = enable ? OperatorStatus.ACTIVE : OperatorStatus.DISABLED;
      return db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        if (!(await r.lockById(id))) throw new AppError('OPERATOR_NOT_FOUND');
        const target = (await r.findById(id))!;
        assertMayManage(actor, permissionsOf(target), null);
        await assertAdminRemains(tx, target, roleOf(target), status);
        const updated = (await r.update(id, { status }))!;
        // Enabling revokes too: a sign-in that raced the disable may have written a session after it.
        await r.revokeAllSessions(id, clock.now());
        const action: AuditAction = enable ? 'operator.enable' : 'operator.disable';
        await audit.record(
          {
            actor: actorOf(actor, ip),
            action,
            target: { type: 'operator', id },
            reason,
            before: { status: target.status },
            after: { status },
          },
          tx,
        );
        return updated;
      });
    },

    /**
     * A new random password and TOTP secret that nobody is shown, and a one-time enrolment link through which
     * the operator sets their own; every session of the operator ends and earlier unused links stop working.
     */
    /** How many of the operator's recovery codes are left unused, and when the set was made. */
    async recoveryCodesStatus(op: OperatorContext) {
      return repo.recoveryCodesLeft(op.operatorId);
    },

    /**
     * A new set of recovery codes for the signed-in operator, replacing every old one; the current password is
     * asked again, so a session left open on a shared screen cannot mint codes that outlive it.
     */
    async regenerateRecoveryCodes(op: OperatorContext, password: string, ip: string) {
      const row = await loadOrFail(op.operatorId);
      if (!(await passwordMatches(row.passwordHash, password))) throw new AppError('OPERATOR_PASSWORD_WRONG');
      return db.transaction(async (tx) => {
        const codes = await issueRecoveryCodes(createOperatorsRepository(tx), op.operatorId);
        await audit.record(
          {
            actor: actorOf(op, ip),
            action: 'operator.recovery_codes',
            target: { type: 'operator', id: op.operatorId },
            after: { recovery_codes: codes.length },
          },
          tx,
        );
        return codes;
      });
    },

    async reset(actor: OperatorContext, ip: string, id: number, reason: string): Promise<Enrolment> {
      if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
      const target = await loadOrFail(id);
      assertMayManage(actor, permissionsOf(target), null);
      const creds = newCredentials(target.username);
      const passwordHash = await hash(creds.password);
      const enrolment = await db.transaction(async (tx) => {
        const r = createOperatorsRepository(tx);
        await r.update(id, {
          passwordHash,
          totpSecret: creds.totpSecret,
          totpLastStep: null,
          mustChangePassword: true,
          failedLogins: 0,
          lockedUntil: null,
        });
        await r.revokeAllSessions(id, clock.now());
        // The old authenticator stops working, and so do the codes that stood in for it.
        await r.replaceRecoveryCodes(id, [], clock.now());
        const issued = await issueEnrolment(r, id, EnrolmentKind.RESET, actor.operatorId);
        await audit.record(
          {
            actor: actorOf(actor, ip),
            action: 'operator.reset',
            target: { type: 'operator', id },
            reason,
            after: { must_change_password: true },
          },
          tx,
        );
        return issued;
      });
      return { id, username: target.username, ...enrolment };
    },

    findById: (id: number) => repo.findById(id),
    /** Operator usernames by id (one query for any number), for other modules' screens. */
    usernamesOf: (ids: number[]) => repo.usernamesOf([...new Set(ids)]),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
