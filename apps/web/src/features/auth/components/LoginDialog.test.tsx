import { fireEvent, screen, waitFor } from '../../../test/render';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { fail, ok, renderRoutes, setUpScreenTests, stubFetch } from '../../../test/utils';
import { LoginDialog } from './LoginDialog';

vi.mock('../../../lib/device', () => ({ getDevice: () => Promise.resolve('device-1') }));

function renderDialog(type: 1 | 2 = 1) {
  useUiStore.setState({ loginOpen: true, loginType: type, serviceOpen: false });
  return renderRoutes([
    { path: '/', element: <LoginDialog /> },
    { path: '/home', element: <p>home</p> },
  ]);
}

const PLACEHOLDERS = {
  username: '请输入用户名（8-20位）',
  password: '请输入密码（6-20位）',
  confirm: '请再次输入密码（6-20位）',
};

/** Types into the register form's fields that are given, found by their placeholders as a player sees them. */
function fill(values: Partial<Record<keyof typeof PLACEHOLDERS, string>>) {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(screen.getByPlaceholderText(PLACEHOLDERS[name as keyof typeof PLACEHOLDERS]), {
      target: { value },
    });
}

const tapRegister = () => fireEvent.click(screen.getByRole('button', { name: '注册' }));

/** The server of a sign-up that goes through: a captcha, the registration, then the sign-in with `token`. */
const serveSignUp = (token: string) =>
  stubFetch((url) => {
    if (url.pathname === '/api/captcha') return ok({ img_url: 'x' });
    if (url.pathname === '/api/home/register') return ok(true);
    if (url.pathname === '/api/home/login') return ok({ token });
    return undefined;
  });

describe('LoginDialog', () => {
  const { toasted, lastToast } = setUpScreenTests({ signedIn: false });

  it('fills the remembered username (never a password) in login mode and loads a captcha on open', async () => {
    localStorage.setItem('userPass', JSON.stringify({ username: 'player0001' }));
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/captcha' ? ok({ img_url: 'data:image/svg+xml,x' }) : undefined,
    );
    renderDialog(1);
    expect(screen.getByRole('heading', { name: '欢迎登录' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入用户名（8-20位）')).toHaveValue('player0001');
    // Decision 30: the password field is left to the browser's password manager.
    expect(screen.getByPlaceholderText('请输入密码（6-20位）')).toHaveValue('');
    expect(screen.getByPlaceholderText('请输入用户名（8-20位）')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByPlaceholderText('请输入密码（6-20位）')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await screen.findByAltText('验证码，点击刷新');
    expect(calls.filter((c) => c.url.pathname === '/api/captcha')).toHaveLength(1);
    expect(String(calls[0]!.init.body)).toContain('device=device-1');
    // Tapping the image reloads it.
    fireEvent.click(screen.getByRole('button', { name: '验证码，点击刷新' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/captcha')).toHaveLength(2));
  });

  it('switches to register with the 18+ checkbox and a locked invitation code', async () => {
    localStorage.setItem('invited_code', 'INV42');
    stubFetch(() => ok({ img_url: 'data:image/svg+xml,x' }));
    renderDialog(1);
    fireEvent.click(screen.getByRole('button', { name: '立即注册' }));
    expect(await screen.findByRole('heading', { name: '注册' })).toBeInTheDocument();
    expect(screen.getByText('我已年满18周岁，并同意《用户协议》与《隐私政策》')).toBeInTheDocument();
    const code = screen.getByPlaceholderText('邀请码（选填）');
    expect(code).toHaveValue('INV42');
    expect(code).toBeDisabled();
  });

  it('checks a password mismatch before anything is sent', async () => {
    const { calls } = stubFetch(() => ok({ img_url: 'data:image/svg+xml,x' }));
    renderDialog(2);
    fill({ password: 'a12345', confirm: 'b12345' });
    tapRegister();
    toasted('密码不一致');
    expect(calls.some((c) => c.url.pathname === '/api/home/register')).toBe(false);
  });

  it('reports an empty field, then a missing 18+ confirmation, before anything is sent', async () => {
    const { calls } = stubFetch(() => ok({ img_url: 'data:image/svg+xml,x' }));
    renderDialog(2);
    fill({ password: 'a12345', confirm: 'a12345' });
    tapRegister();
    expect(lastToast()).toBe('有未填选项');
    fill({ username: 'player0001' });
    tapRegister();
    expect(lastToast()).toBe('请确认您已年满18周岁');
    expect(calls.some((c) => c.url.pathname === '/api/home/register')).toBe(false);
  });

  it('refuses a username outside 8-20 letters, digits or underscores with the server’s words, before sending', () => {
    const { calls } = stubFetch(() => ok({ img_url: 'data:image/svg+xml,x' }));
    renderDialog(2);
    fireEvent.click(screen.getByText('我已年满18周岁，并同意《用户协议》与《隐私政策》'));
    for (const username of ['short', 'a'.repeat(1000), 'bad-name-1']) {
      fill({ username, password: 'a12345', confirm: 'a12345' });
      tapRegister();
      expect(lastToast()).toBe('用户名须为8-20位字母、数字或下划线');
    }
    expect(calls.some((c) => c.url.pathname === '/api/home/register')).toBe(false);
  });

  it('opens the customer-service dialog from 忘记密码?', () => {
    stubFetch(() => ok({ img_url: 'x' }));
    renderDialog(1);
    fireEvent.click(screen.getByRole('button', { name: '忘记密码?' }));
    expect(useUiStore.getState().serviceOpen).toBe(true);
  });

  it('reloads the captcha after a failed login', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/captcha'
        ? ok({ img_url: 'data:image/svg+xml,x' })
        : fail(1009, '用户名或密码错误'),
    );
    renderDialog(1);
    await screen.findByAltText('验证码，点击刷新');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/captcha')).toHaveLength(2));
    toasted('用户名或密码错误');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('registers and signs in once when 注册 is clicked twice at once', async () => {
    const { calls } = serveSignUp('tok-2');
    renderDialog(2);
    fill({ username: 'player0002', password: 'secret1', confirm: 'secret1' });
    fireEvent.click(screen.getByText('我已年满18周岁，并同意《用户协议》与《隐私政策》'));
    tapRegister();
    tapRegister();
    await waitFor(() => expect(useAuthStore.getState().token).toBe('tok-2'));
    expect(calls.filter((c) => c.url.pathname === '/api/home/register')).toHaveLength(1);
    expect(calls.filter((c) => c.url.pathname === '/api/home/login')).toHaveLength(1);
  });

  it('registers, saves remember-me and signs in automatically', async () => {
    const { calls } = serveSignUp('tok-1');
    const { router } = renderDialog(2);
    fill({ username: 'player0001', password: 'secret1', confirm: 'secret1' });
    fireEvent.click(screen.getByText('我已年满18周岁，并同意《用户协议》与《隐私政策》'));
    fireEvent.click(screen.getByText('记住密码'));
    tapRegister();
    await waitFor(() => expect(useAuthStore.getState().token).toBe('tok-1'));
    const register = calls.find((c) => c.url.pathname === '/api/home/register')!;
    expect(String(register.init.body)).toContain('age_confirmed=1');
    expect(String(register.init.body)).toContain('confrimPas=secret1');
    toasted('注册成功');
    // No token in the address (decision 31): home with the notice open instead.
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).not.toContain('tok-1');
    expect(useUiStore.getState().noticeOpen).toBe(true);
    expect(useUiStore.getState().loginOpen).toBe(false);
    // 记住密码 keeps the username only (decision 30).
    expect(localStorage.getItem('userPass')).toBe(JSON.stringify({ username: 'player0001' }));
  });
});
