import { useSyncExternalStore } from 'react';

/**
 * The operator's bearer token. It lives in sessionStorage, not localStorage: a console session should end
 * with the browser tab (operators are the most valuable accounts to steal), and the server's idle and
 * absolute timeouts still apply on top. Kept apart from the player app's token by its own key.
 */
const KEY = 'koi_admin_token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let token: string | null = read();

export function getToken(): string | null {
  return token;
}

export function setToken(next: string | null) {
  token = next;
  try {
    if (next) sessionStorage.setItem(KEY, next);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* private mode: the token lives in memory only */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}
