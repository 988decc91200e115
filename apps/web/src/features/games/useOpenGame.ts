import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getToken } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import type { GameItem } from './api/types';
import { openGame } from './openGame';

/**
 * Opens a game for whoever is signed in at the tap. Whether a player is signed in is read then, not subscribed
 * to: the pages that use this (home with its hot strip and grid, a category list) would otherwise render
 * again, every tile with them, when a sign-in lands, which on a page opened by a sign-in link is in its first
 * seconds. The returned function stays the same across sign-in and sign-out.
 */
export function useOpenGame() {
  const openLogin = useUiStore((s) => s.openLogin);
  const navigate = useNavigate();
  return useCallback(
    (game: GameItem) =>
      openGame(game, {
        signedIn: Boolean(getToken()),
        openLogin: () => openLogin(1),
        navigate,
        openWindow: (url) => window.open(url, '_blank'),
      }),
    [openLogin, navigate],
  );
}
