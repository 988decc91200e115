import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { useAuthStore } from '../../stores/auth';
import { fireEvent, screen, waitFor, within } from '../../test/render';
import { fail, field, ok, renderRoutes, setUpScreenTests, stubFetch, typeInto } from '../../test/utils';
import { userInfoWire } from '../auth/api/userInfo.fixture';
import type { SecurityOverview } from './api/security';
import { nextReminderDelay, RealityCheck } from './components/RealityCheck';
import { dueSummary } from './dueSummary.fixture';
import PasswordPage from './pages/PasswordPage';
import SafePage from './pages/SafePage';

const WAIT = { timeout: 5000 };
const USER = userInfoWire({ set_password: true });
const session = (id: number, over: Partial<SecurityOverview['sessions'][number]> = {}) => ({
  id,
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-20T09:00:00.000Z',
  ip: '203.0.113.9',
  country: 'SG',
  device: 'abcdef1234567890',
  current: false,
  ...over,
});
const OVERVIEW: SecurityOverview = {
  last_sign_in: session(7, { ip: '198.51.100.4', country: 'JP', device: 'feedbeef99' }),
  current_sign_in: session(9, { current: true }),
  sessions: [
    session(9, { current: true }),
    session(8, { ip: '192.0.2.77', country: 'US', device: 'cafe0001' }),
  ],
  reality_check_minutes: 0,
  self_excluded_until: null,
  self_excluded_permanent: false,
};
/** A deposit limit the player has not set, of which 20 USDT is used. */
const unlimited = (period: 'week' | 'month') => ({
  period,
  limit: null,
  used: '20.000000',
  left: null,
  pending: false,
  pending_limit: null,
  pending_effective_at: null,
});
const LIMITS = {
  limits: [
    {
      period: 'day',
      limit: '100.000000',
      used: '20.000000',
      left: '80.000000',
      pending: true,
      pending_limit: '500.000000',
      pending_effective_at: '2026-11-23T10:00:00.000Z',
    },
    unlimited('week'),
    unlimited('month'),
  ],
};

const { toasted } = setUpScreenTests();
const formOf = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
const sent = (calls: { url: URL }[], path: string) => calls.some((c) => c.url.pathname === path);

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

function page(element: ReactNode, path: string) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    ['/safe', path].filter((p, i, all) => all.indexOf(p) === i),
  );
}

describe('change login password (/password)', () => {
  function serve(answer: { status?: number; body: unknown } = ok({ signed_out: 2 })) {
    return stubFetch((url) => (url.pathname === '/api/plat/login-password' ? answer : undefined));
  }
  const fill = (old: string, next: string, confirm: string) => {
    typeInto('原登录密码', old);
    typeInto('新登录密码', next);
    typeInto('确认新密码', confirm);
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
  };

  it('says up front that other devices will be signed out', () => {
    serve();
    page(<PasswordPage />, '/password');
    expect(screen.getByTestId('password-intro')).toHaveTextContent('其他设备上的登录将全部退出');
  });

  it.each([
    ['an empty field', ['secret123', '', 'newpass1'], '有未填选项'],
    ['a confirmation that differs', ['secret123', 'newpass1', 'newpass2'], '密码不一致'],
    ['a new password of 5 characters', ['secret123', 'abcde', 'abcde'], '密码须为6-20位'],
    ['a new password of 21 characters', ['secret123', 'a'.repeat(21), 'a'.repeat(21)], '密码须为6-20位'],
    ['the same password again', ['secret123', 'secret123', 'secret123'], '新密码不能与原密码相同'],
  ])('refuses %s locally with its message and sends nothing', (_name, [old, next, confirm], message) => {
    const { calls } = serve();
    page(<PasswordPage />, '/password');
    fill(old!, next!, confirm!);
    toasted(message);
    expect(sent(calls, '/api/plat/login-password')).toBe(false);
  });

  it('changes the password, says how many devices were signed out, and goes back', async () => {
    const { calls } = serve();
    const { router } = page(<PasswordPage />, '/password');
    fill('secret123', 'newpass88', 'newpass88');
    await waitFor(() => toasted('修改成功，已退出其他 2 台设备'), WAIT);
    expect(formOf(calls.find((c) => c.url.pathname === '/api/plat/login-password')!.init)).toEqual({
      old_password: 'secret123',
      new_password: 'newpass88',
      confirm_password: 'newpass88',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/safe'));
  });

  it('says only "changed" when no other device was signed in', async () => {
    serve(ok({ signed_out: 0 }));
    page(<PasswordPage />, '/password');
    fill('secret123', 'newpass88', 'newpass88');
    await waitFor(() => toasted('修改成功'), WAIT);
  });

  it('shows the server refusal (wrong old password) and stays', async () => {
    serve(fail(1030, '原登录密码错误'));
    const { router } = page(<PasswordPage />, '/password');
    fill('wrong-old', 'newpass88', 'newpass88');
    await waitFor(() => toasted('原登录密码错误'), WAIT);
    expect(router.state.location.pathname).toBe('/password');
    expect(field('原登录密码').value).toBe('wrong-old');
  });

  it('reads in English', async () => {
    serve();
    await i18n.changeLanguage('en');
    page(<PasswordPage />, '/password');
    expect(screen.getByTestId('password-intro')).toHaveTextContent('every other device is signed out');
    typeInto('Current login password', 'secret123');
    typeInto('New login password', 'abc');
    typeInto('Confirm new password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    toasted('Password must be 6-20 characters');
  });
});

describe('security centre (/safe)', () => {
  function serve(overview: SecurityOverview = OVERVIEW) {
    let current = overview;
    return stubFetch((url) => {
      switch (url.pathname) {
        case '/api/plat/info':
          return ok(USER);
        case '/api/plat/security':
          return ok(current);
        case '/api/plat/deposit-limits':
          return ok(LIMITS);
        case '/api/plat/sessions/revoke':
          current = { ...current, sessions: current.sessions.filter((s) => s.current) };
          return ok(true);
        case '/api/plat/sessions/revoke-others':
          current = { ...current, sessions: current.sessions.filter((s) => s.current) };
          return ok({ signed_out: 1 });
        case '/api/plat/reality-check':
          current = { ...current, reality_check_minutes: 30 };
          return ok(true);
        case '/api/plat/self-exclude':
          return ok({ self_excluded_until: '2026-11-29T10:00:00.000Z', self_excluded_permanent: false });
        default:
          return undefined;
      }
    });
  }

  it('shows the previous and current sign-in with time, country, IP and device', async () => {
    serve();
    page(<SafePage />, '/safe');
    const card = await screen.findByTestId('last-sign-in', {}, WAIT);
    expect(card).toHaveTextContent('上次登录');
    expect(card).toHaveTextContent('日本 · IP 198.51.100.4 · 设备 feedbeef');
    expect(card).toHaveTextContent('本次登录');
    expect(card).toHaveTextContent('新加坡 · IP 203.0.113.9 · 设备 abcdef12');
  });

  it('says so on a first sign-in', async () => {
    serve({ ...OVERVIEW, last_sign_in: null });
    page(<SafePage />, '/safe');
    expect(await screen.findByText('这是您的首次登录', {}, WAIT)).toBeInTheDocument();
  });

  it('lists live sessions, marks this device, and signs one other device out after confirming', async () => {
    const { calls } = serve();
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    page(<SafePage />, '/safe');
    const list = await screen.findByTestId('sessions', {}, WAIT);
    expect(within(list).getByText('当前设备')).toBeInTheDocument();
    expect(list).toHaveTextContent('美国 · IP 192.0.2.77');
    fireEvent.click(within(list).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(sent(calls, '/api/plat/sessions/revoke')).toBe(false);
    fireEvent.click(within(list).getByRole('button', { name: '退出' }));
    await waitFor(() => toasted('该设备已退出登录'), WAIT);
    expect(confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: expect.stringContaining('美国 · IP 192.0.2.77') }),
    );
    expect(formOf(calls.find((c) => c.url.pathname === '/api/plat/sessions/revoke')!.init)).toEqual({
      session_id: '8',
    });
    await waitFor(() => expect(within(list).queryByRole('button', { name: '退出' })).toBeNull(), WAIT);
    expect(screen.getByRole('button', { name: '没有其他设备登录' })).toBeDisabled();
  });

  it('signs every other device out', async () => {
    const { calls } = serve();
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    page(<SafePage />, '/safe');
    fireEvent.click(await screen.findByRole('button', { name: '退出其他所有设备' }, WAIT));
    await waitFor(() => toasted('已退出 1 台其他设备'), WAIT);
    expect(Dialog.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: '确定让除本机以外的所有设备退出登录吗？' }),
    );
    expect(sent(calls, '/api/plat/sessions/revoke-others')).toBe(true);
  });

  it('links to the login password screen and opens the withdrawal password and address panels', async () => {
    serve();
    const { router } = page(<SafePage />, '/safe');
    expect(await screen.findByText('已设置', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('提现密码'));
    expect(await screen.findByText('修改提现密码', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('登录密码'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
  });

  it('shows the deposit limits with a pending raise and when it applies', async () => {
    serve();
    page(<SafePage />, '/safe');
    const pending = await screen.findByTestId('pending-day', {}, WAIT);
    expect(pending).toHaveTextContent(/^500\.00 将于 2026-11-23 \d\d:00:00 生效$/);
    expect(screen.queryByTestId('pending-week')).toBeNull();
    expect(screen.getByTestId('deposit-limits')).toHaveTextContent('当前限额 100.00 · 本期已充值 20.00');
    expect(screen.getByTestId('deposit-limits')).toHaveTextContent(
      '降低限额立即生效；提高或取消限额需24小时后生效。',
    );
  });

  it('sets the session reminder interval', async () => {
    const { calls } = serve();
    page(<SafePage />, '/safe');
    const reminder = await screen.findByTestId('reminder', {}, WAIT);
    fireEvent.click(within(reminder).getByText('30分钟'));
    await waitFor(() => toasted('提醒设置已保存'), WAIT);
    expect(formOf(calls.find((c) => c.url.pathname === '/api/plat/reality-check')!.init)).toEqual({
      minutes: '30',
    });
  });

  it('self-exclusion spells out what follows, does nothing on cancel, and signs out on confirm', async () => {
    const { calls } = serve();
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { router } = page(<SafePage />, '/safe');
    const block = await screen.findByTestId('self-exclusion', {}, WAIT);
    fireEvent.click(within(block).getByRole('button', { name: '7天' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    const args = confirm.mock.calls[0]![0] as { title: string; content: ReactNode; confirmText: string };
    expect(args.title).toBe('确认自我限制7天？');
    expect(args.confirmText).toBe('确认并退出');
    const { container } = renderRoutes([{ path: '/', element: <>{args.content}</> }]);
    for (const part of [
      '立即生效',
      '无法进入游戏，也无法充值',
      '仍可登录并提现',
      '无法取消或缩短',
      '所有设备（包括本设备）',
    ])
      expect(container).toHaveTextContent(part);
    expect(sent(calls, '/api/plat/self-exclude')).toBe(false);
    expect(useAuthStore.getState().token).toBe('tok');

    fireEvent.click(within(block).getByRole('button', { name: '7天' }));
    await waitFor(() => toasted('自我限制已生效，您已退出登录'), WAIT);
    expect(formOf(calls.find((c) => c.url.pathname === '/api/plat/self-exclude')!.init)).toEqual({
      period: '7d',
    });
    expect(useAuthStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('permanent self-exclusion says it cannot be undone', async () => {
    serve();
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
    page(<SafePage />, '/safe');
    fireEvent.click(await screen.findByRole('button', { name: '永久' }, WAIT));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    const args = confirm.mock.calls[0]![0] as { content: ReactNode };
    const { container } = renderRoutes([{ path: '/', element: <>{args.content}</> }]);
    expect(container).toHaveTextContent('永久限制立即生效，且无法撤销');
  });

  it('shows an exclusion in force', async () => {
    serve({ ...OVERVIEW, self_excluded_until: '2026-12-01T00:00:00.000Z' });
    page(<SafePage />, '/safe');
    expect(await screen.findByText(/^自我限制中，至 2026-12-0\d/, {}, WAIT)).toBeInTheDocument();
  });

  it('asks a visitor to sign in', () => {
    useAuthStore.setState({ token: null });
    serve();
    page(<SafePage />, '/safe');
    expect(screen.getByText('请先登录')).toBeInTheDocument();
  });
});

describe('reality check', () => {
  // The dialog's module loads when a reminder is due; its first import (antd-mobile's dialog, transformed for
  // the test run) takes seconds, which would count against the first test's time limit.
  beforeAll(() => import('./components/RealityCheckDialog'), 30_000);

  it('waits for the next whole interval since the sign-in', () => {
    const start = Date.parse('2026-11-22T10:00:00Z');
    expect(nextReminderDelay(start, start, 30)).toBe(30 * 60_000);
    expect(nextReminderDelay(start, start + 29 * 60_000, 30)).toBe(60_000);
    expect(nextReminderDelay(start, start + 30 * 60_000, 30)).toBe(30 * 60_000);
    expect(nextReminderDelay(start, start + 95 * 60_000, 30)).toBe(25 * 60_000);
  });

  function serve(net: string) {
    const now = Date.now();
    // The reminder is due in 300 ms.
    const summary = () => dueSummary(now, { net });
    return stubFetch((url) => {
      if (url.pathname === '/api/plat/session-summary') return ok(summary());
      if (url.pathname === '/api/home/logout') return ok(true);
      return undefined;
    });
  }

  it('shows time played and the net result, and keeps playing on "continue"', async () => {
    serve('-12.500000');
    renderRoutes([{ path: '/', element: <RealityCheck /> }]);
    const dialog = await screen.findByTestId('reality-check', {}, WAIT);
    expect(dialog).toHaveTextContent('您本次登录已游戏');
    expect(screen.getByTestId('reality-played')).toHaveTextContent('1小时 15分钟');
    expect(dialog).toHaveTextContent('投注 12 注，共 60.0000 USDT');
    expect(screen.getByTestId('reality-net')).toHaveTextContent('-12.5000 USDT');
    expect(screen.getByTestId('reality-net')).toHaveClass('is-loss');
    fireEvent.click(screen.getByText('继续游戏'));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull(), WAIT);
    expect(useAuthStore.getState().token).toBe('tok');
  });

  it('signs out on "stop"', async () => {
    const { calls } = serve('3.250000');
    renderRoutes([{ path: '/', element: <RealityCheck /> }]);
    expect(await screen.findByTestId('reality-net', {}, WAIT)).toHaveTextContent('+3.2500 USDT');
    fireEvent.click(screen.getByText('停止并退出'));
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull(), WAIT);
    expect(sent(calls, '/api/home/logout')).toBe(true);
  });

  it('stays quiet when the reminder is off', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/plat/session-summary'
        ? ok({
            started_at: new Date(Date.now() - 60 * 60_000).toISOString(),
            now: new Date().toISOString(),
            played_minutes: 60,
            bet_count: 0,
            stake: '0',
            payout: '0',
            net: '0',
            reality_check_minutes: 0,
          })
        : undefined,
    );
    renderRoutes([{ path: '/', element: <RealityCheck /> }]);
    await waitFor(() => expect(sent(calls, '/api/plat/session-summary')).toBe(true));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
