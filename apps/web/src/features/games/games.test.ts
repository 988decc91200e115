import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from 'antd-mobile';
import { ok, stubFetch } from '../../test/utils';
import { fetchGames } from './api/games';
import type { GameItem } from './api/types';
import { gameStatusMessage } from './gameStatusMessage';
import { openGame } from './openGame';

const game = (over: Partial<GameItem> = {}): GameItem => ({
  id: 1,
  name: '骰子',
  game_image: '/hot.svg',
  image: '/tile.svg',
  status: 1,
  open_type: 2,
  plat_type_id: 15,
  game_type_id: 5,
  game_code: 'dice',
  ...over,
});

describe('game list request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels the earlier pending request when a new one starts', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        await gate;
        if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return new Response(
          JSON.stringify({ code: 200, result: { data: [game()], total: 1 }, message: '', error: null }),
        );
      }),
    );
    const first = fetchGames({ game_type: 5 });
    const second = fetchGames({ game_type: 7 });
    release();
    await expect(first).rejects.toMatchObject({ cancelled: true });
    await expect(second).resolves.toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('reads `{data}` pages', async () => {
    stubFetch(() => ok({ data: [game(), game({ id: 2 })], total: 2 }));
    await expect(fetchGames({ game_type: 5 })).resolves.toHaveLength(2);
  });
});

describe('opening a game', () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
  });
  afterEach(() => vi.restoreAllMocks());

  const deps = (signedIn: boolean) => ({
    signedIn,
    openLogin: vi.fn(),
    navigate: vi.fn(),
    openWindow: vi.fn(() => ({}) as Window),
  });

  it('only opens the login dialog when signed out', () => {
    const d = deps(false);
    expect(openGame(game({ status: 2 }), d)).toBe('login');
    expect(d.openLogin).toHaveBeenCalled();
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts the status text for games that cannot be played', async () => {
    expect(gameStatusMessage(2)).toBe('正在维护，请选择其他游戏');
    expect(gameStatusMessage(3)).toBe('即将上线，请选择其他游戏');
    expect(gameStatusMessage(4)).toBe('敬请期待，请选择其他游戏');
    expect(gameStatusMessage(9)).toBe('请选择其他游戏');
    expect(gameStatusMessage(undefined)).toBeNull();
    const d = deps(true);
    expect(openGame(game({ status: 3 }), d)).toBe('blocked');
    // The text comes with the error catalogue, which loads on the first such tap.
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '即将上线，请选择其他游戏' })),
    );
    expect(d.openWindow).not.toHaveBeenCalled();
  });

  it('opens /redirect in a new window for open_type 2 or missing', () => {
    const d = deps(true);
    openGame(game({ open_type: undefined }), d);
    expect(d.openWindow).toHaveBeenCalledWith('/redirect?type=15&game_code=dice');
  });

  it('falls back to the same tab when the popup is blocked', () => {
    const d = { ...deps(true), openWindow: vi.fn(() => null) };
    openGame(game(), d);
    expect(d.navigate).toHaveBeenCalledWith('/redirect?type=15&game_code=dice');
  });

  it('goes to cateList for other open types', () => {
    const d = deps(true);
    expect(openGame(game({ open_type: 1 }), d)).toBe('cateList');
    expect(d.navigate).toHaveBeenCalledWith('/cateList?plat_id=15&plat_type=5');
  });
});
