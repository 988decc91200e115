import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import type { BannerItem, ConfigItem, FirstScreenCatalogue } from '@koi/contract';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query';
import { bannerKeys } from '../features/content/api/banners';
import { bulletinKeys } from '../features/content/api/bulletin';
import { gameTypeKeys } from '../features/games/api/gameTypes';
import { hotGameKeys } from '../features/games/api/hotGames';
import { firstRenderCommitted } from '../lib/useFirstScreenDone';
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

const bulletin: ConfigItem[] = [{ id: 1, content: '欢迎来到锦鲤' }];
const catalogue: FirstScreenCatalogue = {
  locale: 'zh-CN',
  gameTypes: [{ game_type_id: 0, name: '热门', icon: '/assets/categories/cat-0.svg', sort: 0 }],
  hotGames: {
    data: [
      {
        id: 3,
        name: '骰子',
        game_image: '/art/games/15/dice/hot.svg',
        image: '/art/games/15/dice/tile.svg',
        status: 1,
        open_type: 1,
        plat_type_id: 15,
        game_type_id: 5,
        game_code: 'dice',
        is_hot: true,
      },
    ],
    total: 1,
  },
};

/** The API's answers (an empty list to each), recording the paths asked for. */
function stubApi(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url, 'http://koi.test').pathname);
      return new Response(JSON.stringify({ code: 200, result: [], message: '', error: null }));
    }),
  );
  return asked;
}

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
    expect(seedFirstScreen(client, 'zh-CN')).toBe(true);
    expect(client.getQueryData(bannerKeys.all)).toEqual([banner]);
    // Read once: the element is gone, so nothing reads it again.
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(seedFirstScreen(client, 'zh-CN')).toBe(false);

    const asked = stubApi();
    loadStartupData(client);
    await vi.waitFor(() => expect(asked).toContain('/api/plat/game-type'));
    expect(asked).not.toContain('/api/banner');
    expect(client.getQueryData(bannerKeys.all)).toEqual([banner]);
  });

  it("is also the bulletin, and the categories and hot games when they are in the app's language: start-up asks for none of them", async () => {
    carry(JSON.stringify({ banners: [banner], bulletin, catalogue }));
    const client = createQueryClient();
    expect(seedFirstScreen(client, 'zh-CN')).toBe(true);
    expect(client.getQueryData(bulletinKeys.all)).toEqual(bulletin);
    expect(client.getQueryData(gameTypeKeys.all)).toEqual(catalogue.gameTypes);
    expect(client.getQueryData(hotGameKeys.all)).toEqual(catalogue.hotGames.data);

    const asked = stubApi();
    loadStartupData(client);
    // The channels are start-up's last request: they wait for the first screen, which is done only once the
    // app's first render has committed (main.tsx says so). Said here, so the test does not depend on which
    // test file of its worker's shared module graph said it first.
    firstRenderCommitted();
    await vi.waitFor(() => expect(asked).toContain('/api/pay/channel'));
    for (const path of ['/api/banner', '/api/plat/bulletin', '/api/plat/game-type', '/api/plat/game/hot']) {
      expect(asked).not.toContain(path);
    }
  });

  it('leaves the catalogue to the API when the app runs in another language, and ignores a malformed part', async () => {
    carry(JSON.stringify({ banners: [banner], bulletin, catalogue }));
    const english = createQueryClient();
    expect(seedFirstScreen(english, 'en')).toBe(true);
    expect(english.getQueryData(bulletinKeys.all)).toEqual(bulletin);
    expect(english.getQueryData(gameTypeKeys.all)).toBeUndefined();
    expect(english.getQueryData(hotGameKeys.all)).toBeUndefined();
    const asked = stubApi();
    loadStartupData(english);
    await vi.waitFor(() =>
      expect(asked).toEqual(expect.arrayContaining(['/api/plat/game-type', '/api/plat/game/hot'])),
    );
    expect(asked).not.toContain('/api/plat/bulletin');

    for (const broken of [
      { ...catalogue, gameTypes: null },
      { ...catalogue, hotGames: [] },
      { ...catalogue, hotGames: { data: 'x' } },
      'catalogue',
    ]) {
      carry(JSON.stringify({ banners: [banner], bulletin: { id: 1 }, catalogue: broken }));
      const client = createQueryClient();
      expect(seedFirstScreen(client, 'zh-CN')).toBe(true);
      expect(client.getQueryData(bulletinKeys.all)).toBeUndefined();
      expect(client.getQueryData(gameTypeKeys.all)).toBeUndefined();
      expect(client.getQueryData(hotGameKeys.all)).toBeUndefined();
    }
  });

  it('is ignored when missing or unreadable, and the banners are asked for as before', () => {
    for (const text of ['', '{"banners":', 'null', '"banners"', '{"banners":{"id":1}}', '{}']) {
      carry(text);
      const client = createQueryClient();
      expect(seedFirstScreen(client, 'zh-CN'), text).toBe(false);
      expect(client.getQueryData(bannerKeys.all), text).toBeUndefined();
      expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID), text).toBeNull();
    }
    expect(seedFirstScreen(createQueryClient(), 'zh-CN')).toBe(false);
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
