import { create } from 'zustand';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/**
 * The token is client state: it decides whether the player is signed in (spec §4: signed in iff a token
 * exists). User info itself is server state and lives in TanStack Query.
 */
type AuthState = {
  token: string | null;
  setToken: (token: string) => void;
  clearToken: () => void;
};

export const useAuthStore = create<AuthState>((set) => ({
  token: readStorage(STORAGE_KEYS.token),
  setToken: (token) => {
    writeStorage(STORAGE_KEYS.token, token);
    set({ token });
  },
  clearToken: () => {
    removeStorage(STORAGE_KEYS.token);
    removeStorage(STORAGE_KEYS.userInfo);
    set({ token: null });
  },
}));

export const getToken = () => useAuthStore.getState().token;
export const useIsSignedIn = () => useAuthStore((s) => Boolean(s.token));
