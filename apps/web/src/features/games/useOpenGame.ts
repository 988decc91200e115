import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import type { GameItem } from './api/types';
import { openGame } from './openGame';

export function useOpenGame() {
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const navigate = useNavigate();
  return useCallback(
    (game: GameItem) =>
      openGame(game, {
        signedIn,
        openLogin: () => openLogin(1),
        navigate,
        openWindow: (url) => window.open(url, '_blank'),
      }),
    [signedIn, openLogin, navigate],
  );
}
