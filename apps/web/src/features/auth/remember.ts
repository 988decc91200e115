import { readJson, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

export type Remembered = { username: string; password: string };

/** Spec §3: `userPass` holds username and password while 记住密码 is on. */
export function readRemembered(): Remembered | null {
  const saved = readJson<Partial<Remembered>>(STORAGE_KEYS.userPass);
  if (!saved?.username) return null;
  return { username: saved.username, password: saved.password ?? '' };
}

export function saveRemembered(remember: boolean, value: Remembered) {
  if (remember) writeStorage(STORAGE_KEYS.userPass, JSON.stringify(value));
  else removeStorage(STORAGE_KEYS.userPass);
}

export const readInvitedCode = () => readStorage(STORAGE_KEYS.invitedCode) ?? '';

/**
 * Spec §5: register checks run in this order and stop at the first failure. The 18+ confirmation
 * (decision 18) comes last because the spec's two checks come first.
 */
export function validateRegister(form: {
  username: string;
  password: string;
  confrimPas: string;
  ageConfirmed: boolean;
}): 'auth.mismatch' | 'auth.missing' | 'auth.ageRequired' | null {
  if (form.password !== form.confrimPas) return 'auth.mismatch';
  if (!form.password || !form.confrimPas || !form.username) return 'auth.missing';
  if (!form.ageConfirmed) return 'auth.ageRequired';
  return null;
}
