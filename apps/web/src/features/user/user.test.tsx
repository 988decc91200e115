import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBuilt, LAYOUT_SCREENS } from '../../app/routes';
import i18n from '../../i18n';
import { useAuthStore } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { fireEvent, screen, waitFor } from '../../test/render';
import { ok, renderRoutes, stubFetch } from '../../test/utils';
import AboutPage from './AboutPage';
import UserPage, { USER_MENU } from './UserPage';
import { version } from '../../../package.json';

const WAIT = { timeout: 5000 };

function serve() {
  let balance = '10.0000';
  return stubFetch((url) => {
    if (url.pathname === '/api/plat/info')
      return ok({ player_name: 'player0001', balance, vip_level: 3, invite_code: 'INV9' });
    if (url.pathname === '/api/plat/refresh') {
      balance = '25.5000';
      return ok(true);
    }
    if (url.pathname === '/api/home/logout') return ok(true);
    if (url.pathname === '/api/plat/bulletin')
      return ok([
        { id: 1, content: '公告' },
        { id: 8, content: '持牌运营\n第二行' },
        { id: 9, content: '理性游戏，量力而行' },
      ]);
    return undefined;
  });
}

beforeEach(() => {
  useAuthStore.getState().setToken('tok');
  useUiStore.setState({ loginOpen: false });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh-CN');
});

describe('personal centre', () => {
  it('shows the player, VIP level and balance, and refreshes the balance', async () => {
    const { calls } = serve();
    renderRoutes([{ path: '/user', element: <UserPage /> }], ['/user']);
    await waitFor(() => expect(screen.getByTestId('user-name')).toHaveTextContent('player0001'), WAIT);
    expect(screen.getByText('VIP 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('user-balance')).toHaveTextContent('10.0000'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: '刷新余额' }));
    await waitFor(() => expect(screen.getByTestId('user-balance')).toHaveTextContent('25.5000'), WAIT);
    expect(calls.some((c) => c.url.pathname === '/api/plat/refresh')).toBe(true);
  });

  it('leads to every screen, and opens routes and the withdrawal panels', async () => {
    serve();
    const { router } = renderRoutes(
      [
        { path: '/user', element: <UserPage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      ['/user'],
    );
    for (const e of USER_MENU.flat())
      expect(screen.getByText(i18n.t(`user.menu.${e.key}`))).toBeInTheDocument();
    // Every route the menu names is one of the app's routes (built, or saying it is not built yet).
    for (const e of USER_MENU.flat())
      if ('to' in e) expect(LAYOUT_SCREENS.map((s) => `/${s.path}`)).toContain(e.to);
    for (const built of [
      '/betRecords',
      '/accountRecords',
      '/transactionRecords',
      '/safe',
      '/password',
      '/about',
    ])
      expect(isBuilt(built)).toBe(true);
    expect(screen.getByText('关于我们')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('未设置')).toBeInTheDocument(), WAIT);
    fireEvent.click(screen.getByText('提现密码'));
    expect(await screen.findByText('设置提现密码', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('提现地址'));
    expect(await screen.findByText('修改提现地址', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('安全中心'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/safe'));
  });

  it('asks a visitor to sign in instead of opening a record screen', () => {
    useAuthStore.setState({ token: null });
    serve();
    renderRoutes([{ path: '/user', element: <UserPage /> }], ['/user']);
    fireEvent.click(screen.getByText('投注记录'));
    expect(useUiStore.getState().loginOpen).toBe(true);
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
  });

  it('switches theme, music and language', async () => {
    serve();
    renderRoutes([{ path: '/user', element: <UserPage /> }], ['/user']);
    const dark = useUiStore.getState().dark;
    const muted = useUiStore.getState().muted;
    const [themeSwitch, musicSwitch] = screen.getAllByRole('switch');
    fireEvent.click(themeSwitch!);
    expect(useUiStore.getState().dark).toBe(!dark);
    fireEvent.click(musicSwitch!);
    expect(useUiStore.getState().muted).toBe(!muted);
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(screen.getByText('Bet records')).toBeInTheDocument());
    expect(localStorage.getItem('koi_lang')).toBe('en');
    expect(screen.getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  });

  it('signs out after confirmation and forgets the token', async () => {
    const { calls } = serve();
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    renderRoutes([{ path: '/user', element: <UserPage /> }], ['/user']);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull(), WAIT);
    expect(Dialog.confirm).toHaveBeenCalledWith(expect.objectContaining({ content: '确定要退出登录吗？' }));
    expect(calls.some((c) => c.url.pathname === '/api/home/logout')).toBe(true);
  });

  it('stays signed in when the confirmation is cancelled', async () => {
    const { calls } = serve();
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
    renderRoutes([{ path: '/user', element: <UserPage /> }], ['/user']);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(Dialog.confirm).toHaveBeenCalled());
    expect(useAuthStore.getState().token).toBe('tok');
    expect(calls.some((c) => c.url.pathname === '/api/home/logout')).toBe(false);
  });
});

describe('about', () => {
  it('shows the version and the licence and responsible-gambling texts from config, as plain text', async () => {
    serve();
    renderRoutes([{ path: '/about', element: <AboutPage /> }], ['/about']);
    expect(screen.getByTestId('app-version')).toHaveTextContent(`版本 ${version}`);
    expect(await screen.findByTestId('licence-text', {}, WAIT)).toHaveTextContent('持牌运营 第二行');
    expect(screen.getByTestId('responsible-text')).toHaveTextContent('理性游戏，量力而行');
    expect(screen.getByText('18+')).toBeInTheDocument();
  });
});
