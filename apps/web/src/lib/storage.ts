/** Local storage keys of spec §3. The auth token lives under one fixed key (spec §9). */
export const STORAGE_KEYS = {
  token: 'koi_token',
  invitedCode: 'invited_code',
  userPass: 'userPass',
  robotToken: 'robot_token',
  showtime: 'showtime',
  dark: 'koi_dark',
  showDialog: 'showDialog',
  userInfo: 'userInfo',
  muted: 'koi_muted',
  language: 'koi_lang',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (Safari private mode, quota, disabled cookies); the app must still run without it.
export function readStorage(key: Key): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: Key, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* not persisted: the value lives only for this page */
  }
}

export function removeStorage(key: Key): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

export function readJson<T>(key: Key): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
