import { gameStatusError } from '@koi/contract';
import { showToast } from '../../lib/toast';
import type { GameItem } from './api/types';

export type OpenGameDeps = {
  signedIn: boolean;
  openLogin: () => void;
  navigate: (to: string) => void;
  openWindow: (url: string) => Window | null;
};

/**
 * Spec §4: signed out → only the login dialog; non-playable → toast; open_type missing or 2 → new window
 * at /redirect; otherwise the provider's cateList.
 */
export function openGame(game: GameItem, deps: OpenGameDeps): 'login' | 'blocked' | 'window' | 'cateList' {
  if (!deps.signedIn) {
    deps.openLogin();
    return 'login';
  }
  if (gameStatusError(game.status)) {
    const status = game.status;
    void import('./gameStatusMessage').then((m) => showToast(m.gameStatusMessage(status) ?? ''));
    return 'blocked';
  }
  if (game.open_type === undefined || game.open_type === null || game.open_type === 2) {
    const query = new URLSearchParams({ type: String(game.plat_type_id), game_code: game.game_code });
    const url = `/redirect?${query.toString()}`;
    // A blocked popup falls back to the same tab, so the tap always leads somewhere.
    if (!deps.openWindow(url)) deps.navigate(url);
    return 'window';
  }
  deps.navigate(`/cateList?plat_id=${game.plat_type_id}&plat_type=${game.game_type_id}`);
  return 'cateList';
}
