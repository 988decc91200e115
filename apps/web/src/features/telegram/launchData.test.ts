import { describe, expect, it, vi } from 'vitest';
import { takeLaunchData } from './launchData';

const INIT_DATA = new URLSearchParams({
  query_id: 'AAH1',
  user: JSON.stringify({ id: 7, first_name: '韩梅梅' }),
  auth_date: '1795771038',
  hash: 'ab'.repeat(32),
}).toString();

const launchUrl = (fragment: string) => `https://koi.example/tg?code=AB12#${fragment}`;

describe('takeLaunchData', () => {
  it('reads the launch data from the fragment as Telegram passes it, and removes the fragment at once', () => {
    const history = { state: { k: 1 }, replaceState: vi.fn() };
    const fragment = new URLSearchParams({ tgWebAppData: INIT_DATA, tgWebAppVersion: '8.0' }).toString();
    const data = takeLaunchData({ href: launchUrl(fragment) }, history, {});
    expect(data).toEqual({ initData: INIT_DATA, firstName: '韩梅梅' });
    expect(history.replaceState).toHaveBeenCalledWith({ k: 1 }, '', '/tg?code=AB12');
  });

  it("prefers telegram-web-app.js's initData when the official script is on the page", () => {
    const history = { state: null, replaceState: vi.fn() };
    const data = takeLaunchData({ href: 'https://koi.example/tg' }, history, {
      Telegram: { WebApp: { initData: INIT_DATA } },
    });
    expect(data?.initData).toBe(INIT_DATA);
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('answers null without launch data, and greets nobody when the user field is not JSON', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(takeLaunchData({ href: 'https://koi.example/tg?code=AB12' }, history, {})).toBeNull();
    const odd = takeLaunchData({ href: launchUrl('tgWebAppData=user%3D%7Bnot%2520json') }, history, {});
    expect(odd).toEqual({ initData: 'user={not%20json', firstName: '' });
  });
});
