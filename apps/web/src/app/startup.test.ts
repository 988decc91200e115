import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth';
import { useUiStore } from '../stores/ui';
import { loadToast } from '../lib/toast';
import { captureSignInCode, takeSignInCode } from '../features/auth/signInLink';
import { adoptRobotToken, saveInviteCode, startSignInLink } from './startup';

vi.mock('../lib/device', () => ({
  getDevice: () => Promise.resolve('device-1'),
  deviceNow: () => 'device-1',
}));

describe('start-up behaviours', () => {
  beforeEach(() => useAuthStore.setState({ token: null }));
  // A failed request shows a toast (lib/http.ts), which React renders and a timer closes two seconds later.
  // Closed and gone before the file ends, it cannot render into a page the test environment has torn down.
  afterAll(async () => {
    (await loadToast()).clear();
    await vi.waitFor(() => expect(document.querySelector('.adm-toast-mask')).toBeNull(), { timeout: 3_000 });
  });

  it('saves a code query parameter as invited_code', () => {
    saveInviteCode('?code=ABC123');
    expect(localStorage.getItem('invited_code')).toBe('ABC123');
  });

  it("takes a sign-in link's code out of the address bar, keeping every other parameter", () => {
    const replaceState = vi.fn();
    const code = captureSignInCode(
      { href: 'https://koi.test/home?game_type=2&token=c0de-1&code=INV1#top' },
      { replaceState, state: { idx: 0 } },
    );
    expect(code).toBe('c0de-1');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/home?game_type=2&code=INV1#top');
    expect(takeSignInCode()).toBe('c0de-1');
    expect(takeSignInCode()).toBeNull();
  });

  it('leaves an address without a token alone', () => {
    const replaceState = vi.fn();
    expect(captureSignInCode({ href: 'https://koi.test/?code=1' }, { replaceState, state: null })).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('trades the code for a session at once when nobody is signed in, and opens the notice', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 200, result: { token: 'session-1', user: null }, message: '', error: null }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    useUiStore.setState({ noticeOpen: false, switchCode: null });
    const exchange = startSignInLink('c0de-2');
    // The exchange settles once the session is stored: the first render waits for it (main.tsx).
    expect(exchange).not.toBeNull();
    expect(useAuthStore.getState().token).not.toBe('session-1');
    await expect(exchange).resolves.toBe(true);
    expect(useAuthStore.getState().token).toBe('session-1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/home/sign-in-link/exchange');
    expect(String(init.body)).toContain('c0de-2');
    expect(useUiStore.getState().noticeOpen).toBe(true);
    expect(useUiStore.getState().switchCode).toBeNull();
    vi.unstubAllGlobals();
  });

  it('given the query client, puts the user info the exchange answered into it: the first render has it, asked for once', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { userKeys } = await import('../features/auth/api/userInfo');
    const info = { player_name: 'link_player', balance: '12.5000' };
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 200, result: { token: 'session-9', user: info }, message: '', error: null }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const exchange = startSignInLink('c0de-9', client);
    expect(client.getQueryData(userKeys.info('session-9'))).toBeUndefined();
    await expect(exchange).resolves.toBe(true);
    expect(client.getQueryData(userKeys.info('session-9'))).toEqual(info);
    // Kept as a read of /api/plat/info is (spec §3: the greeting paints from it on the next visit).
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(info);
    // One request: the exchange. The user info came with it.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(String(url)).toContain('/api/home/sign-in-link/exchange');
    vi.unstubAllGlobals();
  });

  it('asks for the user info itself, with the new token, when the exchange could not read it', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { userKeys } = await import('../features/auth/api/userInfo');
    const info = { player_name: 'link_player', balance: '12.5000' };
    const fetchMock = vi.fn(async (url: string | URL | Request) => {
      const result = String(url).includes('/exchange') ? { token: 'session-11', user: null } : info;
      return new Response(JSON.stringify({ code: 200, result, message: '', error: null }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    await expect(startSignInLink('c0de-11', client)).resolves.toBe(true);
    expect(client.getQueryData(userKeys.info('session-11'))).toMatchObject(info);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls[0]).toContain('/api/home/sign-in-link/exchange');
    expect(urls[1]).toContain('/api/plat/info');
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer session-11');
    vi.unstubAllGlobals();
  });

  it('signs in all the same when the user info cannot be read; the screen asks for it again', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { userKeys } = await import('../features/auth/api/userInfo');
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('/exchange')
        ? new Response(
            JSON.stringify({
              code: 200,
              result: { token: 'session-10', user: null },
              message: '',
              error: null,
            }),
          )
        : new Response('down', { status: 503 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(startSignInLink('c0de-10', client)).resolves.toBe(true);
    expect(useAuthStore.getState().token).toBe('session-10');
    expect(client.getQueryState(userKeys.info('session-10'))?.status).toBe('error');
    vi.unstubAllGlobals();
  });

  it('asks before switching when a player is already signed in, and changes nothing until asked', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.setState({ token: 'mine' });
    expect(startSignInLink('c0de-3')).toBeNull();
    expect(useUiStore.getState().switchCode).toBe('c0de-3');
    expect(useAuthStore.getState().token).toBe('mine');
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('signs in with a saved robot_token when no token is stored', () => {
    localStorage.setItem('robot_token', 'bot1');
    adoptRobotToken();
    expect(useAuthStore.getState().token).toBe('bot1');
  });
});

describe('once-per-load data', () => {
  it('offers the retry dialog when a start-up load fails, and retrying loads again', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { loadStartupData } = await import('./startup');
    const { useUiStore } = await import('../stores/ui');
    let healthy = false;
    const fetchMock = vi.fn(async () =>
      healthy
        ? new Response(JSON.stringify({ code: 200, result: [], message: '', error: null }))
        : Promise.reject(new TypeError('network down')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    useUiStore.setState({ retry: { open: false, text: '', action: null } });
    loadStartupData(client);
    await vi.waitFor(() => expect(useUiStore.getState().retry.open).toBe(true));
    healthy = true;
    const calls = fetchMock.mock.calls.length;
    useUiStore.getState().retry.action!();
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
    vi.unstubAllGlobals();
  });
});

describe('optional start-up data', () => {
  it('loads the payment channels (with their rates) once the first screen is done; their absence opens no retry dialog', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { loadStartupData } = await import('./startup');
    const { rechargeKeys } = await import('../features/money/api/recharge');
    const { useUiStore } = await import('../stores/ui');
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://koi.test').pathname;
        paths.push(path);
        // A server without payment channels answers 404 for the list; everything else is there.
        return path === '/api/pay/channel'
          ? new Response(JSON.stringify({ code: 404, result: null, message: 'x', error: { message: 'x' } }), {
              status: 404,
            })
          : new Response(JSON.stringify({ code: 200, result: [], message: '', error: null }));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    useUiStore.setState({ retry: { open: false, text: '', action: null } });
    const { firstRenderCommitted } = await import('../lib/useFirstScreenDone');
    loadStartupData(client);
    await vi.waitFor(() => expect(paths).toContain('/api/plat/game-type'));
    // The page is loaded (jsdom) and idle, but the first screen is not done until the app's first render
    // has committed: the channels wait for it.
    await new Promise((r) => setTimeout(r, 300));
    expect(paths).not.toContain('/api/pay/channel');
    firstRenderCommitted();
    await vi.waitFor(() => expect(client.getQueryState(rechargeKeys.channels)?.status).toBe('error'));
    await new Promise((r) => setTimeout(r, 50));
    expect(useUiStore.getState().retry.open).toBe(false);
    expect(paths.filter((p) => p.startsWith('/api/plat/task'))).toEqual([]);
    vi.unstubAllGlobals();
  });
});
