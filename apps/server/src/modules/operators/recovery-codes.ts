import { randomCode, sha256Hex } from '../../lib/crypto';

/*
 * Design note: recovery codes.
 *
 * An operator who loses the phone with their authenticator would otherwise need another admin to reset them,
 * and the first admin has nobody. Ten single-use codes, shown once when they are made, each stand in for one
 * authenticator code at sign-in (the password is still required). A code is 16 characters from a 31-letter
 * alphabet without look-alikes (about 79 random bits), grouped in fours to be read and typed from paper;
 * case, spaces and dashes do not matter when it is typed back. Only a SHA-256 of the normalised code is kept:
 * with that much randomness nobody can find a code from its hash by guessing, so the slow password hash is not
 * needed (and would make checking ten codes slow).
 */

export const RECOVERY_CODE_COUNT = 10;
const GROUP = 4;
const LENGTH = 16;

/** A fresh set of codes for the operator to write down, e.g. `K7QM-2XPD-9HRT-WC4N`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    randomCode(LENGTH)
      .match(new RegExp(`.{${GROUP}}`, 'g'))!
      .join('-'),
  );
}

/** The code as stored and compared: upper case, letters and digits only. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Whether a typed value has the shape of a recovery code (so a malformed one is refused without a lookup). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return normaliseRecoveryCode(typed).length === LENGTH;
}

export const hashRecoveryCode = (typed: string): string => sha256Hex(normaliseRecoveryCode(typed));
