import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../test/app';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('public reads: ETag, Cache-Control, served from memory until their tables change', () => {
  const t = useTestApp();

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** Waits until the change's notification has dropped the entry (it arrives right after the commit). */
  async function untilChanged(url: string, etag: string) {
    for (let i = 0; i < 100; i += 1) {
      const res = await get(url, { 'if-none-match': etag });
      if (res.statusCode === 200) return res;
      await pause(20);
    }
    throw new Error(`${url} still answers 304 for ${etag}`);
  }

  for (const [url, change] of [
    ['/api/banner', sql`update banners set title = title || '!'`],
    ['/api/plat/bulletin', sql`update config_items set content = content || '!' where id = 1`],
    ['/api/plat/game/hot', sql`update games set name_zh = name_zh || '!' where is_hot`],
    ['/api/plat/game?game_type=5&page=1&size=10', sql`update games set name_zh = name_zh || '!'`],
    ['/api/plat/game-plat-list?game_type=5', sql`update game_providers set name = name || '!'`],
  ] as const) {
    it(`${url}: 304 for the same ETag, a new body and ETag once it changed`, async () => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(body(first).code).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);

      // From memory: the same bytes and ETag; 304 without a body when the client has them.
      const again = await get(url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);

      // An operator's change (here straight in the database, as any write path or another node would do).
      await t.database.db.execute(change);
      const changed = await untilChanged(url, etag);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).not.toBe(first.body);
      expect(changed.body).toContain('!');
    });
  }

  it('keeps locales apart and still compresses large answers', async () => {
    const zh = await get('/api/plat/game/hot');
    const en = await get('/api/plat/game/hot', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(zh.headers.etag);
    expect(zh.headers.vary).toMatch(/accept-language/i);
    const gz = await get('/api/plat/game/hot', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(zh.headers.etag);
  });

  it('caches the POST category tabs by body too', async () => {
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/plat/game-type', payload: { game_plat_type: 0 } });
    const first = await post();
    expect(body(first).code).toBe(200);
    expect((await post()).headers.etag).toBe(first.headers.etag);
  });
});
