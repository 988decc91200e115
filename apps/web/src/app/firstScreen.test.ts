import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import type { BannerItem } from '@koi/contract';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query';
import { bannerKeys } from '../features/content/api/banners';
import { seedFirstScreen } from './firstScreen';
import { enterAtHome } from './enterAtHome';
import { loadStartupData } from './startup';

const banner: BannerItem = {
  id: 7,
  image: '/assets/banners/banner-1.svg',
  title: '</script> 首充豪礼',
  link: '',
  activity_type: 9,
  sort: 1,
};

/** index.html's element as the server writes it (plugins/web.ts), with `text` as its content. */
function carry(text: string) {
  const element = document.createElement('script');
  element.id = FIRST_SCREEN_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

describe("the first screen's data index.html carries", () => {
  afterEach(() => {
    document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it("is the banners' answer before the first render, so start-up asks /api/banner no more", async () => {
    // The server escapes `<` in the JSON (scriptSafeJson); JSON.parse reads it back as the title.
    carry(JSON.stringify({ banners: [banner] }).replace(/</g, '\\u003c'));
    const client = createQueryClient();
    expect(seedFirstScreen(client)).toBe(true);
    expect(client.getQueryData(bannerKeys.all)).toEqual([banner]);
    // Read once: the element is gone, so nothing reads it again.
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(seedFirstScreen(client)).toBe(false);

    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(new URL(url, 'http://koi.test').pathname);
        return new Response(JSON.stringify({ code: 200, result: [], message: '', error: null }));
      }),
    );
    loadStartupData(client);
    await vi.waitFor(() => expect(asked).toContain('/api/plat/game-type'));
    expect(asked).not.toContain('/api/banner');
    expect(client.getQueryData(bannerKeys.all)).toEqual([banner]);
  });

  it('is ignored when missing or unreadable, and the banners are asked for as before', () => {
    for (const text of ['', '{"banners":', 'null', '{"banners":{"id":1}}', '{}']) {
      carry(text);
      const client = createQueryClient();
      expect(seedFirstScreen(client), text).toBe(false);
      expect(client.getQueryData(bannerKeys.all), text).toBeUndefined();
      expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID), text).toBeNull();
    }
    expect(seedFirstScreen(createQueryClient())).toBe(false);
  });
});

describe('the root address', () => {
  it('opens home before the router starts, keeping the query and the hash', () => {
    const replaceState = vi.fn();
    const opened = enterAtHome(
      { pathname: '/', search: '?code=INV1&game_type=2', hash: '#top' },
      { replaceState, state: { idx: 0 } },
    );
    expect(opened).toBe(true);
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/home?code=INV1&game_type=2#top');
  });

  it("writes the router's history index on a new entry, so the router need not write it again", () => {
    const replaceState = vi.fn();
    enterAtHome({ pathname: '/', search: '', hash: '' }, { replaceState, state: null });
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/home');
    replaceState.mockClear();
    enterAtHome({ pathname: '/', search: '', hash: '' }, { replaceState, state: { idx: 3, usr: 'x' } });
    expect(replaceState).toHaveBeenCalledWith({ idx: 3, usr: 'x' }, '', '/home');
  });

  it('leaves the router nothing to rewrite: one replaceState from the root address to a running router', () => {
    window.history.replaceState(null, '', '/');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    try {
      enterAtHome();
      const router = createBrowserRouter([{ path: '*', element: null }]);
      expect(replaceState).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe('/home');
      router.dispose();
    } finally {
      replaceState.mockRestore();
    }
  });

  it('leaves every other address alone', () => {
    const replaceState = vi.fn();
    for (const pathname of ['/home', '/user', '/originals/dice', '/index.html']) {
      expect(enterAtHome({ pathname, search: '', hash: '' }, { replaceState, state: null })).toBe(false);
    }
    expect(replaceState).not.toHaveBeenCalled();
  });
});
