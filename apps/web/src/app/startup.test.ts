import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth';
import { adoptRobotToken, consumeTokenQuery, saveInviteCode, takeShowDialogFlag } from './startup';

describe('start-up behaviours', () => {
  beforeEach(() => useAuthStore.setState({ token: null }));

  it('saves a code query parameter as invited_code', () => {
    saveInviteCode('?code=ABC123');
    expect(localStorage.getItem('invited_code')).toBe('ABC123');
  });

  it('signs in from a token query: stores it, sets the show-dialog flag and reloads at the origin', () => {
    const replace = vi.fn();
    expect(consumeTokenQuery({ search: '?token=t1', origin: 'https://koi.test', replace })).toBe(true);
    expect(useAuthStore.getState().token).toBe('t1');
    expect(localStorage.getItem('koi_token')).toBe('t1');
    expect(replace).toHaveBeenCalledWith('https://koi.test/');
    expect(takeShowDialogFlag()).toBe(true);
    expect(takeShowDialogFlag()).toBe(false);
  });

  it('does nothing without a token query', () => {
    const replace = vi.fn();
    expect(consumeTokenQuery({ search: '?code=1', origin: 'https://koi.test', replace })).toBe(false);
    expect(replace).not.toHaveBeenCalled();
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
