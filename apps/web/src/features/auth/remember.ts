import { readJson, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * Decision 30: 记住密码 remembers the username only, under the spec's `userPass` key. The password is left to
 * the browser's password manager (the form marks `autocomplete="username"` and `"current-password"`); Koi never
 * writes a password to local storage, where any script on the origin could read it.
 */
export function readRemembered(): string | null {
  const saved = readJson<{ username?: unknown }>(STORAGE_KEYS.userPass);
  return typeof saved?.username === 'string' && saved.username ? saved.username : null;
}

export function saveRemembered(remember: boolean, username: string) {
  if (remember) writeStorage(STORAGE_KEYS.userPass, JSON.stringify({ username }));
  else removeStorage(STORAGE_KEYS.userPass);
}

/**
 * Older versions kept the password in plain text beside the username. Run at every start before
 * anything reads the entry: whatever is stored that is not exactly `{ username }` is rewritten to the username
 * alone, or removed when it holds no usable username, so no stored password survives the first load.
 */
export function forgetStoredPassword() {
  const raw = readStorage(STORAGE_KEYS.userPass);
  if (raw === null) return;
  const username = readRemembered();
  const clean = username ? JSON.stringify({ username }) : null;
  if (raw === clean) return;
  if (clean) writeStorage(STORAGE_KEYS.userPass, clean);
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
}): 'auth.mismatch' | 'auth.missing' | 'auth.usernameFormat' | 'auth.ageRequired' | null {
  if (form.password !== form.confrimPas) return 'auth.mismatch';
  if (!form.password || !form.confrimPas || !form.username) return 'auth.missing';
  // The server's rule (decision 10), checked here with the same words so the form and the server agree.
  if (!/^[A-Za-z0-9_]{8,20}$/.test(form.username)) return 'auth.usernameFormat';
  if (!form.ageConfirmed) return 'auth.ageRequired';
  return null;
}
