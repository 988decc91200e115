import { create } from 'zustand';
import { useRef } from 'react';
import { getDevice } from '../lib/device';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/** loginType 1 = login, 2 = register (spec §4). */
export type LoginType = 1 | 2;

type UiState = {
  loginOpen: boolean;
  loginType: LoginType;
  serviceOpen: boolean;
  noticeOpen: boolean;
  drawerOpen: boolean;
  bannerPopupOpen: boolean;
  retry: { open: boolean; text: string; action: (() => void) | null };
  /** A sign-in link's code waiting for the signed-in player to allow the switch (decision 31). */
  switchCode: string | null;
  dark: boolean;
  muted: boolean;
  /** Someone liked, commented or replied since the player last looked at the interaction tab. */
  newNotifications: boolean;
  openLogin: (type?: LoginType) => void;
  closeLogin: () => void;
  setLoginType: (type: LoginType) => void;
  setServiceOpen: (open: boolean) => void;
  setNoticeOpen: (open: boolean) => void;
  setDrawerOpen: (open: boolean) => void;
  setBannerPopupOpen: (open: boolean) => void;
  showRetry: (text: string, action: () => void) => void;
  hideRetry: () => void;
  askSwitchAccount: (code: string | null) => void;
  toggleDark: () => void;
  toggleMuted: () => void;
  setNewNotifications: (news: boolean) => void;
};

export const useUiStore = create<UiState>((set) => ({
  loginOpen: false,
  loginType: 1,
  serviceOpen: false,
  noticeOpen: false,
  drawerOpen: false,
  bannerPopupOpen: false,
  retry: { open: false, text: '', action: null },
  switchCode: null,
  dark: readStorage(STORAGE_KEYS.dark) === '1',
  muted: readStorage(STORAGE_KEYS.muted) === '1',
  newNotifications: false,
  openLogin: (type = 1) => {
    // The captcha is bound to the visitor id: start computing it while the dialog's code loads.
    void getDevice();
    set({ loginOpen: true, loginType: type });
  },
  closeLogin: () => set({ loginOpen: false }),
  setLoginType: (loginType) => set({ loginType }),
  setServiceOpen: (serviceOpen) => set({ serviceOpen }),
  setNoticeOpen: (noticeOpen) => set({ noticeOpen }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setBannerPopupOpen: (bannerPopupOpen) => set({ bannerPopupOpen }),
  showRetry: (text, action) => set({ retry: { open: true, text, action } }),
  hideRetry: () => set({ retry: { open: false, text: '', action: null } }),
  askSwitchAccount: (switchCode) => set({ switchCode }),
  setNewNotifications: (newNotifications) => set({ newNotifications }),
  toggleDark: () =>
    set((s) => {
      writeStorage(STORAGE_KEYS.dark, s.dark ? '0' : '1');
      return { dark: !s.dark };
    }),
  toggleMuted: () =>
    set((s) => {
      writeStorage(STORAGE_KEYS.muted, s.muted ? '0' : '1');
      return { muted: !s.muted };
    }),
}));

/**
 * Several fields of the UI store in one call, e.g. `const { dark, toggleDark } = useUi('dark', 'toggleDark')`.
 * The component re-renders only when one of the named fields changes, as with one selector per field: the
 * same object comes back while every field is unchanged. (zustand's useShallow does the same for any value,
 * but its general comparison would add to the first screen's JavaScript.)
 */
export function useUi<K extends keyof UiState>(...keys: K[]): Pick<UiState, K> {
  const last = useRef<Pick<UiState, K> | null>(null);
  return useUiStore((s) => {
    const prev = last.current;
    if (prev && keys.every((key) => prev[key] === s[key])) return prev;
    return (last.current = Object.fromEntries(keys.map((key) => [key, s[key]])) as Pick<UiState, K>);
  });
}
