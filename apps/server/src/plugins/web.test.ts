import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/db';
import { banners, configItems, gameCategories } from '../db/schema';
import { eq, isNotNull } from 'drizzle-orm';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import { firstScreenData } from '@koi/contract';
import webPlugin, { firstScreenOf, scriptSafeJson, SPLASH_BANNER_MARKER, withFirstScreen } from './web';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { BANNER_LOOK, type RasterLook, type SvgRaster } from '../lib/svg-raster';

/** A fake player-app build: a hashed chunk with its .br and .gz copies, as the Vite build writes them. */
function fakeBuild(): { dir: string; script: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('koi '.repeat(2000))});\n`;
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
  // Artwork copied as is from apps/web/public: no hash in its name.
  fs.mkdirSync(path.join(dir, 'assets', 'banners'));
  fs.writeFileSync(
    path.join(dir, 'assets', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#7c3aed"/><text x="10" y="70" font-size="40" fill="#fff">锦鲤</text></svg>',
  );
  fs.writeFileSync(
    path.join(dir, 'assets', 'banners', 'banner-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="690" height="280"><rect width="690" height="280" fill="#7c3aed"/></svg>',
  );
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>Koi</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div class="boot-splash"><!--koi:splash-banner--></div></body>',
  );
  return { dir, script };
}

describe('web delivery', () => {
  const t = {} as { app: FastifyInstance; database: Database };
  let build: ReturnType<typeof fakeBuild>;
  beforeAll(async () => {
    build = fakeBuild();
    t.database = await createTestDatabase();
    t.app = await buildApp(testConfig({ webDistDir: build.dir }), { database: t.database });
    // Sent through Fastify's reply, so the compression hook sees it as it would a real event stream.
    t.app.get('/api/test-events', async (_request, reply) =>
      reply
        .type('text/event-stream')
        .header('cache-control', 'no-cache')
        .send(`data: ${'x'.repeat(4000)}\n\n`),
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
    fs.rmSync(build.dir, { recursive: true, force: true });
  });

  const asset = '/assets/index-Ab12Cd34.js';

  it('serves a hashed asset precompressed by negotiation: brotli, else gzip, else as is', async () => {
    const br = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(build.script);
    expect(br.rawPayload.length).toBeLessThan(build.script.length / 10);

    const gz = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(build.script);

    const plain = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.script);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('caches hashed assets for a year as immutable and makes index.html revalidate', async () => {
    const js = await t.app.inject({ url: asset });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/index.html']) {
      const res = await t.app.inject({ url: page, headers: { accept: 'text/html' } });
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['cache-control'], page).toBe('no-cache');
    }
    const reload = await t.app.inject({ url: '/recharge', headers: { accept: 'text/html' } });
    expect(reload.body).toContain('<title>Koi</title>');
    expect(reload.headers['cache-control']).toBe('no-cache');
  });

  it("carries the home page's first screen in index.html: the first banner preloaded, the banners as JSON", async () => {
    const page = () => t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    /** The banners index.html embeds, read back as the app reads them. */
    const embedded = (html: string) => {
      const match = html.match(
        new RegExp(`<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`),
      );
      return match ? firstScreenData.parse(JSON.parse(match[1]!)).banners : null;
    };
    await t.database.db.delete(banners);
    await expect.poll(async () => (await page()).body, { timeout: 5000 }).not.toContain('rel="preload"');
    expect(embedded((await page()).body)).toEqual([]);
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    await t.database.db.insert(banners).values([
      { image: '/assets/banners/banner-2.svg', title: hostile, link: '', sort: 2, enabled: true },
      { image: '/assets/banners/banner-1.svg', title: 'first', link: '', sort: 1, enabled: true },
      { image: '/assets/banners/off.svg', title: 'off', link: '', sort: 0, enabled: false },
    ]);
    // The change feed drops the cached answer once the insert committed; wait for it.
    await expect
      .poll(async () => (await page()).body, { timeout: 5000 })
      .toContain(
        '<link rel="preload" as="image" href="/assets/banners/banner-1.svg" fetchpriority="high" />',
      );
    const body = (await page()).body;
    expect(body.match(/rel="preload"/g)).toHaveLength(1);
    expect(body.indexOf('rel="preload"')).toBeLessThan(body.indexOf('</head>'));
    // Exactly what GET /api/banner answers, in its order; an operator's title cannot end the element.
    const api = JSON.parse((await t.app.inject({ url: '/api/banner' })).body) as { result: unknown };
    expect(embedded(body)).toEqual(api.result);
    expect(embedded(body)?.map((b) => b.title)).toEqual(['first', hostile]);
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body).not.toContain('<!--');
    // The splash draws the first banner on the home page's addresses, and keeps to the logo on the others.
    const splashBanner = '<img class="boot-splash__banner" src="/assets/banners/banner-1.svg"';
    expect(body).toContain(splashBanner);
    const home = await t.app.inject({ url: '/home', headers: { accept: 'text/html' } });
    expect(home.body).toContain(splashBanner);
    const reload = await t.app.inject({ url: '/recharge', headers: { accept: 'text/html' } });
    expect(reload.body).toContain('href="/assets/banners/banner-1.svg"');
    expect(reload.body).toContain('<div class="boot-splash"></div>');
    expect(embedded(reload.body)).toEqual(api.result);

    const data = { banners: [] };
    expect(
      withFirstScreen('<head></head>', {
        images: ['/a.svg?x="1"&y=<2>', 'javascript:alert(1)', '//evil.example/x.svg'],
        data,
      }),
    ).toBe(
      `<head><link rel="preload" as="image" href="/a.svg?x=&quot;1&quot;&amp;y=&lt;2&gt;" fetchpriority="high" /><script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">{"banners":[]}</script></head>`,
    );
    expect(withFirstScreen('<head></head>', { images: ['https://cdn.example/b.webp'], data })).toContain(
      'href="https://cdn.example/b.webp"',
    );
    expect(withFirstScreen('<head></head>', null)).toBe('<head></head>');
    // The splash draws the first banner where index.html marks it, escaped for the attribute; with no banner
    // (or none that may be shown) the mark goes and the splash is as before.
    const splash = `<head></head><div class="boot-splash">${SPLASH_BANNER_MARKER}<img src="/assets/logo.svg"></div>`;
    expect(withFirstScreen(splash, { images: ['/b.webp?a="1"&b=<2>', '/c.webp'], data })).toContain(
      '<div class="boot-splash"><img class="boot-splash__banner" src="/b.webp?a=&quot;1&quot;&amp;b=&lt;2&gt;" width="690" height="280" alt="" /><img src="/assets/logo.svg"></div>',
    );
    expect(withFirstScreen(splash, { images: ['/b.webp'], data }, { home: false })).toContain(
      '<div class="boot-splash"><img src="/assets/logo.svg"></div>',
    );
    for (const images of [[], ['//evil.example/b.webp'], ['javascript:alert(1)']]) {
      const html = withFirstScreen(splash, { images, data });
      expect(html, images.join()).toContain('<div class="boot-splash"><img src="/assets/logo.svg"></div>');
      expect(html, images.join()).not.toContain('boot-splash__banner');
    }
    expect(scriptSafeJson({ t: '</script>&\u2028\u2029' })).toBe(
      '{"t":"\\u003c/script\\u003e\\u0026\\u2028\\u2029"}',
    );
    expect(JSON.parse(scriptSafeJson({ t: hostile }))).toEqual({ t: hostile });
  });

  it('carries the bulletin and the catalogue in index.html, as their routes answer them in Chinese, and follows their changes', async () => {
    const page = async () => {
      const html = (await t.app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
      const match = html.match(
        new RegExp(`<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`),
      );
      return firstScreenData.parse(JSON.parse(match![1]!));
    };
    const answer = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      (JSON.parse((await t.app.inject({ url, method, payload })).body) as { result: unknown }).result;

    const [first] = await t.database.db
      .select()
      .from(gameCategories)
      .where(isNotNull(gameCategories.tabSort))
      .orderBy(gameCategories.id)
      .limit(1);
    expect(first, 'the test database has the home tabs').toBeDefined();
    await t.database.db
      .update(gameCategories)
      .set({ icon: '/assets/categories/changed.svg' })
      .where(eq(gameCategories.id, first!.id));
    await t.database.db
      .insert(configItems)
      .values({ id: 1, content: '新公告' })
      .onConflictDoUpdate({
        target: configItems.id,
        set: { content: '新公告' },
      });
    // The change feed drops the kept first screen once the changes committed; wait for it.
    await expect
      .poll(async () => JSON.stringify(await page()), { timeout: 5000 })
      .toContain('/assets/categories/changed.svg');
    await expect.poll(async () => JSON.stringify(await page()), { timeout: 5000 }).toContain('新公告');
    const carried = await page();
    expect(carried.bulletin).toEqual(await answer('/api/plat/bulletin'));
    expect(carried.catalogue?.locale).toBe('zh-CN');
    expect(carried.catalogue?.gameTypes).toEqual(
      await answer('/api/plat/game-type', 'POST', { game_plat_type: 0 }),
    );
    expect(carried.catalogue?.hotGames).toEqual(await answer('/api/plat/game/hot?is_hot=1&size=20&page=1'));
    expect(carried.catalogue?.hotGames.data.length).toBeGreaterThan(0);
  });

  it('serves the first screen without the catalogue when the catalogue fails, and says so', async () => {
    const home = { images: ['/a.webp'], data: { banners: [] } };
    const heard: unknown[] = [];
    const broken = new Error('catalogue down');
    expect(
      await firstScreenOf(
        async () => home,
        () => Promise.reject(broken),
        (error) => heard.push(error),
      ),
    ).toEqual(home);
    expect(heard).toEqual([broken]);
    const catalogue = { locale: 'zh-CN' as const, gameTypes: [], hotGames: { data: [], total: 0 } };
    expect(
      await firstScreenOf(
        async () => home,
        async () => catalogue,
        (error) => heard.push(error),
      ),
    ).toEqual({ ...home, data: { banners: [], catalogue } });
    expect(heard).toHaveLength(1);
  });

  it('caches artwork without a hash in its name for an hour only, so a deploy that changes it is seen', async () => {
    for (const url of ['/assets/logo.svg', '/assets/banners/banner-1.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
    }
    const br = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the app's own SVG pictures, the banners too, as WebP to a browser that accepts it, else as SVG", async () => {
    const url = '/assets/logo.svg';
    // What Chromium sends for an <img> and for a preload of an image.
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const webp = await t.app.inject({ url, headers: { accept } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toMatch(/accept/i);
    expect(webp.headers['cache-control']).toBe('public, max-age=3600');
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const svg = await t.app.inject({ url, headers: { accept: 'image/svg+xml,*/*' } });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<text');
    const again = await t.app.inject({
      url,
      headers: { accept, 'if-none-match': String(webp.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // The banners too, at their own size (690x280, drawn twice as large as they are shown) and fewer bytes.
    const banner = await t.app.inject({ url: '/assets/banners/banner-1.svg', headers: { accept } });
    expect(banner.headers['content-type']).toBe('image/webp');
    const meta = await sharp(banner.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([690, 280]);
    expect(banner.rawPayload.length).toBeLessThan(12 * 1024);
    const bannerSvg = await t.app.inject({ url: '/assets/banners/banner-1.svg', headers: { accept: '*/*' } });
    expect(bannerSvg.headers['content-type']).toContain('image/svg+xml');
    // A picture the build does not have is still unknown.
    expect((await t.app.inject({ url: '/assets/none.svg', headers: { accept } })).statusCode).toBe(404);
  });

  it('compresses JSON over 1 KB and leaves small JSON and event streams alone', async () => {
    const big = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('paths');
    const gz = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const events = await t.app.inject({
      url: '/api/test-events',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain(`data: ${'x'.repeat(4000)}`);
  });

  it('draws the banners as soon as the server is ready, in their look, and the other pictures when asked for', async () => {
    const drawn: (RasterLook | undefined)[] = [];
    const raster: SvgRaster = {
      webp: async (_svg, look) => {
        drawn.push(look);
        return null;
      },
    };
    const app = Fastify();
    // What the web plugin needs of the app's own plugins, nothing more.
    await app.register(fp(async () => undefined, { name: 'koi-errors' }));
    await app.register(
      fp(async (instance) => void instance.decorate('limitBy', () => async () => undefined), {
        name: 'koi-rate-limit',
      }),
    );
    await app.register(webPlugin, { distDir: build.dir, raster });
    expect(drawn).toEqual([]);
    await app.ready();
    await expect.poll(() => drawn).toEqual([BANNER_LOOK]);
    await app.inject({ url: '/assets/logo.svg', headers: { accept: 'image/webp' } });
    expect(drawn).toEqual([BANNER_LOOK, undefined]);
    await app.close();
  });
});
