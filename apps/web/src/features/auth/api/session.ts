import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { captchaResult, loginResult, signInLinkExchangeResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { deviceNow, getDevice } from '../../../lib/device';

export type AuthForm = {
  username: string;
  password: string;
  confrimPas: string;
  captcha: string;
  code: string;
};

export async function fetchCaptcha(): Promise<string> {
  const device = await getDevice();
  const { img_url } = await api.post<z.infer<typeof captchaResult>>(
    '/api/captcha',
    { device },
    { silent: true },
  );
  return img_url;
}

/**
 * POST /api/home/login. The spec sends the device empty on login, but our captcha is bound to the device
 * (decision 10), so the visitor id goes along.
 */
export async function login(form: AuthForm, options: { silent?: boolean } = {}): Promise<string> {
  const device = await getDevice();
  const { token } = await api.post<z.infer<typeof loginResult>>(
    '/api/home/login',
    { username: form.username, password: form.password, captcha: form.captcha, device },
    options,
  );
  return token;
}

/**
 * Trades a sign-in link's one-time code (decision 31) for a session token of this browser, with the player's
 * user info (null when the server could not read it). It does not wait for the fingerprint (see deviceNow):
 * the player who tapped a link is signed in as soon as the code is sent.
 */
export async function exchangeSignInCode(code: string): Promise<z.infer<typeof signInLinkExchangeResult>> {
  const device = deviceNow();
  return api.post<z.infer<typeof signInLinkExchangeResult>>('/api/home/sign-in-link/exchange', {
    code,
    device,
  });
}

export async function register(form: AuthForm & { age_confirmed: boolean }): Promise<boolean> {
  const device = await getDevice();
  const ok = await api.post<boolean>('/api/home/register', {
    username: form.username,
    password: form.password,
    confrimPas: form.confrimPas,
    captcha: form.captcha,
    code: form.code,
    device,
    age_confirmed: form.age_confirmed ? 1 : 0,
  });
  return Boolean(ok);
}

export const useLoginMutation = () =>
  useMutation({
    mutationFn: (v: { form: AuthForm; silent?: boolean }) => login(v.form, { silent: v.silent }),
  });
export const useRegisterMutation = () => useMutation({ mutationFn: register });
