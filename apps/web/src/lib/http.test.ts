import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog, Toast } from 'antd-mobile';
import { useAuthStore } from '../stores/auth';
import { useUiStore } from '../stores/ui';
import { fail, ok, stubFetch } from '../test/utils';
import { api, ApiError, httpErrorMessage } from './http';

describe('api client', () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
    useAuthStore.setState({ token: null });
    useUiStore.setState({ loginOpen: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns the result of a 200 envelope and sends the Bearer token', async () => {
    useAuthStore.getState().setToken('abc');
    const { calls } = stubFetch(() => ok({ player_name: 'p' }));
    await expect(api.post('/api/plat/info')).resolves.toEqual({ player_name: 'p' });
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('posts form-urlencoded by default and copies a sign field to a header', async () => {
    const { calls } = stubFetch(() => ok(true));
    await api.post('/api/x', { a: 1, sign: 's1', skip: undefined });
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('sign')).toBe('s1');
    expect(calls[0]!.init.body).toBe('a=1&sign=s1');
  });

  it('toasts the business error message and rejects', async () => {
    stubFetch(() => fail(1005, '验证码错误或已过期，请重新输入'));
    await expect(api.post('/api/home/login')).rejects.toMatchObject({ code: 1005 });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ content: '验证码错误或已过期，请重新输入' }),
    );
  });

  it('on 401 clears the token and opens the login dialog without a toast', async () => {
    useAuthStore.getState().setToken('stale');
    stubFetch(() => fail(401, '未授权，请登录', 401));
    await expect(api.post('/api/plat/info')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('koi_token')).toBeNull();
    expect(useUiStore.getState().loginOpen).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('on a 401 that says the account is frozen, signs out and shows the reason in a dialog instead of the login', async () => {
    const alert = vi.spyOn(Dialog, 'alert').mockImplementation(() => Promise.resolve());
    useAuthStore.getState().setToken('frozen');
    useUiStore.setState({ loginOpen: false });
    const message = '账号已冻结，已退出登录，如有疑问请联系客服';
    stubFetch(() => ({
      status: 401,
      body: { code: 401, result: null, message, error: { message, details: { reason: 'frozen' } } },
    }));
    await expect(api.post('/api/plat/info')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useUiStore.getState().loginOpen).toBe(false);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(expect.objectContaining({ content: message })));
    alert.mockRestore();
  });

  it('shows nothing for a cancelled request', async () => {
    stubFetch(() => ok([]));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/api/plat/game', {}, { signal: controller.signal })).rejects.toMatchObject({
      cancelled: true,
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('maps HTTP statuses to the spec §8 catalogue', () => {
    expect(httpErrorMessage(400, '/a')).toBe('请求错误');
    expect(httpErrorMessage(403, '/a')).toBe('拒绝访问');
    expect(httpErrorMessage(404, '/api/nope')).toBe('请求地址出错 /api/nope');
    expect(httpErrorMessage(500, '/a', '服务器繁忙')).toBe('服务器繁忙');
    expect(httpErrorMessage(502, '/a')).toBe('网关错误');
    expect(httpErrorMessage(505, '/a')).toBe('HTTP版本不受支持');
    expect(httpErrorMessage(418, '/a')).toBe('http请求有误');
  });

  it('toasts a 404 with the URL', async () => {
    stubFetch(() => undefined);
    await expect(api.get('/api/missing')).rejects.toMatchObject({ status: 404 });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '请求地址出错 /api/missing' }));
  });
});
