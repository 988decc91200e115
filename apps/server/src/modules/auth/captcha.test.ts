import { describe, expect, it, vi } from 'vitest';
import type * as CaptchaModule from './captcha';
import { body, postForm, uniqueUsername, useTestApp } from '../../../test/app';

// The image is random; the test needs to know the answer, so the drawer hands out a known sequence.
const answers = vi.hoisted(() => ({ next: 'AB23' }));
vi.mock('./captcha', async (importOriginal) => {
  const original = await importOriginal<typeof CaptchaModule>();
  return {
    ...original,
    drawCaptcha: () => ({ answer: answers.next, imgUrl: original.drawCaptcha().imgUrl }),
  };
});

describe('captcha (CAPTCHA=on)', () => {
  const t = useTestApp({ captchaEnabled: true });

  const captcha = (device: string, answer = 'AB23') => {
    answers.next = answer;
    return postForm(t.app, '/api/captcha', { device });
  };
  const register = (fields: Record<string, string | number>) =>
    postForm(t.app, '/api/home/register', {
      username: uniqueUsername('cap'),
      password: 'secret123',
      confrimPas: 'secret123',
      code: '',
      age_confirmed: 1,
      ...fields,
    });

  it('answers an SVG data URL', async () => {
    const res = await captcha('dev-a');
    const url = body<{ img_url: string }>(res).result.img_url;
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('accepts the right answer, in any letter case, once', async () => {
    await captcha('dev-b', 'XY7h');
    expect(body(await register({ device: 'dev-b', captcha: 'xy7H' })).code).toBe(200);
    // Reusing the same answer fails: the captcha was spent.
    expect(body(await register({ device: 'dev-b', captcha: 'xy7H' }))).toMatchObject({
      code: 1005,
      error: { message: '验证码错误或已过期，请重新输入' },
    });
  });

  it('spends the captcha on a wrong answer too', async () => {
    await captcha('dev-c', 'QQ44');
    expect(body(await register({ device: 'dev-c', captcha: 'QQ45' })).code).toBe(1005);
    expect(body(await register({ device: 'dev-c', captcha: 'QQ44' })).code).toBe(1005);
  });

  it('binds the captcha to the device that asked for it', async () => {
    await captcha('dev-d', 'RR55');
    expect(body(await register({ device: 'dev-other', captcha: 'RR55' })).code).toBe(1005);
    expect(body(await register({ device: 'dev-d', captcha: 'RR55' })).code).toBe(200);
  });

  it('expires after 2 minutes', async () => {
    await captcha('dev-e', 'TT66');
    t.clock.advance(2 * 60_000 + 1);
    expect(body(await register({ device: 'dev-e', captcha: 'TT66' })).code).toBe(1005);
  });

  it('voids an earlier image when a new one is drawn', async () => {
    await captcha('dev-f', 'OLD1');
    await captcha('dev-f', 'NEW2');
    expect(body(await register({ device: 'dev-f', captcha: 'OLD1' })).code).toBe(1005);
  });

  it('lets only one of two parallel uses of one answer through', async () => {
    await captcha('dev-g', 'PP77');
    const results = await Promise.all([
      register({ device: 'dev-g', captcha: 'PP77' }),
      register({ device: 'dev-g', captcha: 'PP77' }),
    ]);
    expect(results.map((r) => body(r).code).sort((a, b) => a - b)).toEqual([200, 1005]);
  });

  it('is required for login too', async () => {
    const username = uniqueUsername('caplogin');
    await captcha('dev-h', 'LL88');
    expect(body(await register({ username, device: 'dev-h', captcha: 'LL88' })).code).toBe(200);
    const login = (captchaAnswer: string) =>
      postForm(t.app, '/api/home/login', {
        username,
        password: 'secret123',
        captcha: captchaAnswer,
        device: 'dev-h',
      });
    expect(body(await login('')).code).toBe(1005);
    await captcha('dev-h', 'MM99');
    expect(body(await login('MM99')).code).toBe(200);
  });

  it('lets the player sign in right after registering with the same answer, once (spec §4 auto sign-in)', async () => {
    const username = uniqueUsername('autologin');
    await captcha('dev-i', 'AU70');
    expect(body(await register({ username, device: 'dev-i', captcha: 'AU70' })).code).toBe(200);
    const login = () =>
      postForm(t.app, '/api/home/login', {
        username,
        password: 'secret123',
        captcha: 'AU70',
        device: 'dev-i',
      });
    expect(body(await login()).code).toBe(200);
    expect(body(await login()).code).toBe(1005);
  });

  it('refuses a captcha request without a device (HTTP 400 naming the field)', async () => {
    const res = await postForm(t.app, '/api/captcha');
    expect(res.statusCode).toBe(400);
  });
});
