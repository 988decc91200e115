import { fireEvent, screen, waitFor } from '../../../test/render';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { fail, ok, renderWithProviders, stubFetch } from '../../../test/utils';
import SwitchAccountDialog from './SwitchAccountDialog';

vi.mock('../../../lib/device', () => ({
  getDevice: () => Promise.resolve('device-1'),
  deviceNow: () => 'device-1',
}));

const INFO = {
  player_name: 'player_mine',
  balance: '1.0000',
  set_password: false,
  turnover_remaining: '0.000000',
  invite_code: 'ABCDEFGH',
  vip_level: 0,
  last_login_at: null,
};

describe('SwitchAccountDialog (a sign-in link opened while signed in)', () => {
  beforeEach(() => {
    vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
    localStorage.clear();
    useAuthStore.setState({ token: 'mine' });
    useUiStore.setState({ switchCode: 'link-code', noticeOpen: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the signed-in player and keeps them when the player declines; the code is not used', async () => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/plat/info' ? ok(INFO) : undefined));
    renderWithProviders(<SwitchAccountDialog />);
    expect(await screen.findByText('此浏览器已登录账号 player_mine。')).toBeInTheDocument();
    expect(screen.getByText('打开的登录链接属于另一个账号，是否切换？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保持当前账号' }));
    expect(useUiStore.getState().switchCode).toBeNull();
    expect(useAuthStore.getState().token).toBe('mine');
    expect(calls.some((c) => c.url.pathname === '/api/home/sign-in-link/exchange')).toBe(false);
  });

  it('switches to the link’s account only when the player confirms', async () => {
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/plat/info') return ok(INFO);
      if (url.pathname === '/api/home/sign-in-link/exchange') return ok({ token: 'theirs' });
      return undefined;
    });
    renderWithProviders(<SwitchAccountDialog />);
    fireEvent.click(await screen.findByRole('button', { name: '切换账号' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('theirs'));
    const exchange = calls.find((c) => c.url.pathname === '/api/home/sign-in-link/exchange')!;
    expect(String(exchange.init.body)).toContain('link-code');
    expect(useUiStore.getState().switchCode).toBeNull();
  });

  it('keeps the current player when the link has expired', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/plat/info') return ok(INFO);
      if (url.pathname === '/api/home/sign-in-link/exchange')
        return fail(1050, '登录链接无效或已过期，请重新登录');
      return undefined;
    });
    renderWithProviders(<SwitchAccountDialog />);
    fireEvent.click(await screen.findByRole('button', { name: '切换账号' }));
    await waitFor(() => expect(useUiStore.getState().switchCode).toBeNull());
    expect(useAuthStore.getState().token).toBe('mine');
  });
});
