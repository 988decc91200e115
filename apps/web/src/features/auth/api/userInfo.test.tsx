import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth';
import { act, render } from '../../../test/render';
import { ok, stubFetch, testQueryClient } from '../../../test/utils';
import { USER_INFO_INTERVAL_MS, useUserInfoQuery } from './userInfo';

function Probe() {
  const { data } = useUserInfoQuery();
  return <p>{data?.balance ?? 'none'}</p>;
}

describe('user info', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is not requested for a guest', async () => {
    useAuthStore.setState({ token: null });
    const { fn } = stubFetch(() => ok({ balance: '1' }));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(USER_INFO_INTERVAL_MS * 2));
    expect(fn).not.toHaveBeenCalled();
  });

  it('refreshes every 30 seconds while signed in and stops after logout', async () => {
    useAuthStore.getState().setToken('tok');
    const { calls } = stubFetch(() => ok({ player_name: 'p', balance: '1.0000' }));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(10));
    const infoCalls = () => calls.filter((c) => c.url.pathname === '/api/plat/info').length;
    expect(infoCalls()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(USER_INFO_INTERVAL_MS));
    expect(infoCalls()).toBe(2);
    expect(localStorage.getItem('userInfo')).toContain('1.0000');
    act(() => useAuthStore.getState().clearToken());
    await act(async () => vi.advanceTimersByTimeAsync(USER_INFO_INTERVAL_MS * 2));
    expect(infoCalls()).toBe(2);
  });
});
