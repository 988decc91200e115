import { hash } from '@node-rs/argon2';
import { AppError } from '../../errors';
import { lengthWithin, passwordMatches } from '../../lib/passwords';
import { minutesUntil, type WithdrawalsContext } from './withdrawals.context';
import type { WithdrawalsRepository } from './withdrawals.repository';

/*
 * Design note: the withdrawal password (decision 10).
 *
 * The hash lives with the player (the auth module owns it and changes it by compare-and-set); the attempts
 * and the lockout live here, in withdraw_password_guards. Each check first reserves an attempt with one
 * conditional UPDATE and only then runs the slow argon2 comparison, so parallel guesses cannot all slip under
 * the limit while each is still being checked. The last allowed failure locks withdrawals for the configured
 * time; a success clears the count. A caller inside a transaction gets the refusal returned rather than
 * thrown, so that it can commit the counted attempt first (a thrown error would roll the count back).
 */

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;

const passwordLengthOk = (password: string) => lengthWithin(password, PASSWORD_MIN, PASSWORD_MAX);

export function createWithdrawPassword(ctx: WithdrawalsContext) {
  const { deps, repo, profileOf, requirePasswordSet } = ctx;
  const { clock, config, players } = deps;

  /**
   * Checks the withdrawal password: refuses while locked, reserves an attempt before the slow argon2 check
   * (reserve, then validate), locks withdrawals for the configured time after the last allowed failure.
   * Returns the refusal instead of throwing it (see the design note).
   */
  async function checkPassword(
    conn: WithdrawalsRepository,
    playerId: number,
    passwordHash: string,
    password: string,
  ): Promise<AppError | null> {
    const now = clock.now();
    const guard = await conn.passwordGuard(playerId);
    if (guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime()) {
      return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(guard.lockedUntil, now) });
    }
    if (guard.lockedUntil) await conn.clearExpiredLock(playerId, now);
    const attempt = await conn.reservePasswordAttempt(playerId, config.passwordMaxFailures, now);
    if (attempt === null) {
      const fresh = await conn.passwordGuard(playerId);
      if (fresh.lockedUntil && fresh.lockedUntil.getTime() > now.getTime()) {
        return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(fresh.lockedUntil, now) });
      }
      // Every attempt is taken by requests still being checked; none may start until they finish.
      return new AppError('WITHDRAW_PASSWORD_BUSY');
    }
    const ok = password.length > 0 && (await passwordMatches(passwordHash, password));
    if (ok) {
      await conn.clearPasswordAttempts(playerId);
      return null;
    }
    if (attempt >= config.passwordMaxFailures) {
      const until = new Date(now.getTime() + config.passwordLockMs);
      await conn.lockWithdrawals(playerId, until);
      return new AppError('WITHDRAW_LOCKED', { minutes: minutesUntil(until, now) });
    }
    return new AppError('WITHDRAW_PASSWORD_WRONG', { left: config.passwordMaxFailures - attempt });
  }

  async function setPassword(playerId: number, password: string) {
    const profile = await profileOf(playerId);
    if (profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_ALREADY_SET');
    if (!passwordLengthOk(password)) throw new AppError('WITHDRAW_PASSWORD_FORMAT');
    if (!(await players.replaceWithdrawPasswordHash(playerId, await hash(password), null))) {
      // A concurrent request set one first.
      throw new AppError('WITHDRAW_PASSWORD_ALREADY_SET');
    }
    return true as const;
  }

  async function updatePassword(playerId: number, oldPassword: string, newPassword: string) {
    const profile = await requirePasswordSet(playerId);
    if (!passwordLengthOk(newPassword)) throw new AppError('WITHDRAW_PASSWORD_FORMAT');
    const refusal = await checkPassword(repo, playerId, profile.withdrawPasswordHash!, oldPassword);
    if (refusal) throw refusal;
    // Compare-and-set against the hash that was verified: a concurrent change makes this one fail.
    if (
      !(await players.replaceWithdrawPasswordHash(
        playerId,
        await hash(newPassword),
        profile.withdrawPasswordHash,
      ))
    ) {
      throw new AppError('WITHDRAW_PASSWORD_WRONG', { left: config.passwordMaxFailures });
    }
    return true as const;
  }

  return { checkPassword, setPassword, updatePassword };
}
