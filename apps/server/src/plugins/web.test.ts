import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/db';
import { banners } from '../db/schema';
import { withPreloads } from './web';

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
  fs.writeFileSync(path.join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dir, 'assets', 'banners', 'banner-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>Koi</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>',
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

  it("preloads the home page's first banner from index.html, and names only safe image addresses", async () => {
    const page = () => t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    await t.database.db.delete(banners);
    await expect.poll(async () => (await page()).body, { timeout: 5000 }).not.toContain('rel="preload"');
    await t.database.db.insert(banners).values([
      { image: '/assets/banners/banner-2.svg', title: 'second', link: '', sort: 2, enabled: true },
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
    const reload = await t.app.inject({ url: '/recharge', headers: { accept: 'text/html' } });
    expect(reload.body).toContain('href="/assets/banners/banner-1.svg"');

    expect(
      withPreloads('<head></head>', ['/a.svg?x="1"&y=<2>', 'javascript:alert(1)', '//evil.example/x.svg']),
    ).toBe(
      '<head><link rel="preload" as="image" href="/a.svg?x=&quot;1&quot;&amp;y=&lt;2&gt;" fetchpriority="high" /></head>',
    );
    expect(withPreloads('<head></head>', ['https://cdn.example/b.webp'])).toContain(
      'href="https://cdn.example/b.webp"',
    );
    expect(withPreloads('<head></head>', [])).toBe('<head></head>');
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
});
