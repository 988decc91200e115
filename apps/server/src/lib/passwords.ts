import { hash, verify } from '@node-rs/argon2';
import { newToken } from './crypto';

/** A hash of a random password, made once, for checks against an account that does not exist. */
let throwaway: Promise<string> | null = null;

/**
 * Whether `password` matches the argon2 `passwordHash` (a malformed hash matches nothing). For an account that
 * does not exist, pass null: the check then spends the same argon2 time on a throwaway hash and answers false,
 * so neither the answer nor its timing reveals which usernames exist.
 */
export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  const against = passwordHash ?? (await (throwaway ??= hash(newToken())));
  const matches = await verify(against, password).catch(() => false);
  return passwordHash !== null && matches;
}

/**
 * Whether `password` is `min` to `max` characters long, counted as the person typed them (code points, so a
 * character outside the basic plane counts once). Each kind of password has its own bounds.
 */
export function lengthWithin(password: string, min: number, max: number): boolean {
  const length = [...password].length;
  return length >= min && length <= max;
}
