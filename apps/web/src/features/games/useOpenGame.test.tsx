import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import type { GameItem } from './api/types';
import { useOpenGame } from './useOpenGame';

const game = {
  plat_type_id: 15,
  game_type_id: 5,
  game_code: 'dice',
  status: 1,
  open_type: 2,
} as unknown as GameItem;

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('opening a game from a page', () => {
  afterEach(() => {
    useAuthStore.setState({ token: null });
    useUiStore.setState({ loginOpen: false });
    vi.unstubAllGlobals();
  });

  it('asks a guest to sign in, and opens the game for whoever is signed in at the tap', () => {
    useAuthStore.setState({ token: null });
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const { result } = renderHook(() => useOpenGame(), { wrapper });
    act(() => result.current(game));
    expect(useUiStore.getState().loginOpen).toBe(true);
    expect(open).not.toHaveBeenCalled();

    act(() => useAuthStore.getState().setToken('session-1'));
    act(() => result.current(game));
    expect(open).toHaveBeenCalledWith('/redirect?type=15&game_code=dice', '_blank');
  });

  it('does not render its page again when a sign-in lands, and keeps the same function', () => {
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useOpenGame();
      },
      { wrapper },
    );
    const first = result.current;
    const before = renders;
    act(() => useAuthStore.getState().setToken('session-2'));
    act(() => useAuthStore.getState().clearToken());
    expect(renders).toBe(before);
    expect(result.current).toBe(first);
  });
});
