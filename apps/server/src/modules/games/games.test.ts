import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GameItem } from '@koi/contract';
import { body, signUp, useTestApp } from '../../../test/app';
import { CATALOGUE_SIZE, seedCatalogue } from './catalogue.seed';

describe('game catalogue and lobby', () => {
  const t = useTestApp();

  const get = <T>(url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers }).then((res) => ({ res, ...body<T>(res) }));
  type Page = { data: GameItem[]; total: number };

  it('seeds at least 60 games over all seven categories, 20+ hot, some not playable', async () => {
    const all = await get<Page>('/api/plat/game?size=100');
    expect(all.result.total).toBe(CATALOGUE_SIZE);
    expect(all.result.total).toBeGreaterThanOrEqual(60);
    const items = all.result.data;
    expect(new Set(items.map((g) => g.game_type_id))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(items.filter((g) => g.is_hot).length).toBeGreaterThanOrEqual(20);
    for (const status of [2, 3, 4]) expect(items.some((g) => g.status === status)).toBe(true);
    expect(new Set(items.map((g) => g.plat_type_id)).size).toBeGreaterThanOrEqual(10);
  });

  it('re-seeding changes nothing', async () => {
    await seedCatalogue(t.database.db);
    expect((await get<Page>('/api/plat/game?size=1')).result.total).toBe(CATALOGUE_SIZE);
  });

  it('filters by category, provider and keyword, and pages', async () => {
    const slots = await get<Page>('/api/plat/game?game_type=5&size=100');
    expect(slots.result.data.length).toBeGreaterThan(0);
    expect(slots.result.data.every((g) => g.game_type_id === 5)).toBe(true);
    const pg = await get<Page>('/api/plat/game?plat_type=1&size=100');
    expect(pg.result.data.length).toBeGreaterThan(0);
    expect(pg.result.data.every((g) => g.plat_type_id === 1)).toBe(true);
    const keyword = await get<Page>(`/api/plat/game?keyword=${encodeURIComponent('牛牛')}`);
    expect(keyword.result.data.length).toBeGreaterThanOrEqual(3);
    expect(keyword.result.data.every((g) => g.name.includes('牛牛'))).toBe(true);
    const literal = await get<Page>(`/api/plat/game?keyword=${encodeURIComponent('%')}`);
    expect(literal.result.total).toBe(0);

    const p1 = await get<Page>('/api/plat/game?size=10&page=1');
    const p2 = await get<Page>('/api/plat/game?size=10&page=2');
    expect(p1.result.data).toHaveLength(10);
    expect(p1.result.data.map((g) => g.id)).not.toEqual(
      expect.arrayContaining(p2.result.data.map((g) => g.id)),
    );
  });

  it.each(['size=101', 'size=0', 'page=0', 'game_type=8', 'plat_type=99', 'game_type=abc', 'extra=1'])(
    'refuses %s with HTTP 400',
    async (query) => {
      const { res } = await get(`/api/plat/game?${query}`);
      expect(res.statusCode).toBe(400);
    },
  );

  it('serves hot games the way the client asks (is_hot=1&size=20&page=1)', async () => {
    const hot = await get<Page>('/api/plat/game/hot?is_hot=1&size=20&page=1');
    expect(hot.result.data).toHaveLength(20);
    expect(hot.result.data.every((g) => g.is_hot)).toBe(true);
  });

  it('names games in English when asked', async () => {
    const en = await get<Page>('/api/plat/game?keyword=dice', { 'accept-language': 'en' });
    expect(en.result.data[0]?.name).toBe('Dice');
  });

  it('lists category records with brand images for the all-games blocks', async () => {
    const list =
      await get<{ game_type_id: number; plat_type_id: number; brand_image: string }[]>(
        '/api/plat/game-plat-list',
      );
    expect(new Set(list.result.map((r) => r.game_type_id)).size).toBe(7);
    expect(list.result.every((r) => r.brand_image.startsWith('/art/brands/'))).toBe(true);
  });

  it('answers the home tabs: hot first, then slots, live video, board, fishing, sports', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plat/game-type',
      payload: { game_plat_type: 0 },
    });
    const tabs = body<{ game_type_id: number; name: string }[]>(res).result;
    expect(tabs.map((c) => c.game_type_id)).toEqual([0, 5, 7, 1, 3, 6]);
    expect(tabs[0]!.name).toBe('热门');
  });

  it('draws artwork for every game, brand and category as cacheable SVG', async () => {
    const { result } = await get<Page>('/api/plat/game?size=3');
    for (const g of result.data) {
      for (const url of [g.image, g.game_image]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
        expect(res.body).toContain('<svg');
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(res.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/art/brands/1.svg' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/art/games/1/no-such-game/tile.svg' })).statusCode,
    ).toBe(404);
  });

  it('sends the artwork as WebP to a browser that accepts it, varying on Accept, with its own ETag', async () => {
    const { result } = await get<Page>('/api/plat/game?size=1');
    const url = result.data[0]!.game_image;
    // What Chromium sends for an <img>.
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.vary).toBe('Accept');
    // A real WebP at one and a half times the drawing's size (hot tiles are drawn 240×300).
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 450]);
    const svg = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/svg+xml' } });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers.etag).not.toBe(res.headers.etag);
    // Each format's ETag revalidates only itself.
    const again = (etag: unknown, accept: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept, 'if-none-match': String(etag) } });
    expect((await again(res.headers.etag, accept)).statusCode).toBe(304);
    expect((await again(res.headers.etag, 'image/svg+xml')).statusCode).toBe(200);
    expect((await again(svg.headers.etag, accept)).statusCode).toBe(200);
  });

  describe('opening a game', () => {
    const launch = (auth: Record<string, string>, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/game/login?${query}`, headers: auth });

    it('requires sign-in', async () => {
      expect((await launch({}, 'game_code=dice&plat_type=15')).statusCode).toBe(401);
    });

    it('opens an original in the player app', async () => {
      const { auth } = await signUp(t.app);
      expect(body(await launch(auth, 'game_code=dice&plat_type=15'))).toMatchObject({
        code: 200,
        result: { url: '/originals/dice' },
      });
    });

    it.each([
      ['cq9-cleopatra', 8, '正在维护，请选择其他游戏'],
      ['jdb-dragon', 4, '即将上线，请选择其他游戏'],
      ['ky-hhdz', 12, '敬请期待，请选择其他游戏'],
    ])('refuses %s (not playable) with the spec message', async (code, plat, message) => {
      const { auth } = await signUp(t.app);
      expect(body(await launch(auth, `game_code=${code}&plat_type=${plat}`)).error?.message).toBe(message);
    });

    it('refuses an unknown game and a game under the wrong provider', async () => {
      const { auth } = await signUp(t.app);
      expect(body(await launch(auth, 'game_code=nope&plat_type=1')).code).toBe(3001);
      expect(body(await launch(auth, 'game_code=dice&plat_type=1')).code).toBe(3001);
    });

    it('refuses a self-excluded player', async () => {
      const { auth, username } = await signUp(t.app);
      await t.database.db.execute(
        sql`update players set self_excluded_until = now() + interval '30 days' where username = ${username}`,
      );
      expect(body(await launch(auth, 'game_code=dice&plat_type=15')).code).toBe(1012);
    });
  });
});
