import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

/**
 * The console under /admin and the player app at / share one server and one not-found mechanism: an HTML
 * request for an unknown /admin page gets the console's index, any other unknown page the player app's,
 * and everything that is not an HTML page request keeps the JSON 404.
 */
function fakeDist(marker: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `koi-${marker}-`));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${marker}</title>`);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', `${marker}-abc123.js`), `console.log('${marker}')`);
  return dir;
}

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('operator console static serving', () => {
  let adminDist: string;
  let webDist: string;
  beforeAll(() => {
    adminDist = fakeDist('admin');
    webDist = fakeDist('player');
  });
  afterAll(() => {
    fs.rmSync(adminDist, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ adminDistDir: adminDist, webDistDir: webDist }));

  it.each(['/admin', '/admin/'])('serves the console index at %s', async (url) => {
    const res = await t.app.inject({ url, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>admin</title>');
  });

  it.each(['/admin/players/7', '/admin/audit', '/admin/login?next=%2Fplayers'])(
    'falls back to the console index for its client-side route %s',
    async (url) => {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>admin</title>');
    },
  );

  it('serves hashed console assets with a long cache', async () => {
    const res = await t.app.inject({ url: '/admin/assets/admin-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("console.log('admin')");
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps the player app index for every other page', async () => {
    const res = await t.app.inject({ url: '/wallet/recharge', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>player</title>');
    const root = await t.app.inject({ url: '/', headers: HTML });
    expect(root.body).toContain('<title>player</title>');
  });

  it('answers a JSON 404 for a missing console file and for non-page requests', async () => {
    const asset = await t.app.inject({ url: '/admin/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ code: 404, result: null });
    const post = await t.app.inject({ method: 'POST', url: '/admin/players', headers: HTML });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(404);
  });

  it('never answers an unknown API address with a page', async () => {
    const res = await t.app.inject({ url: '/api/admin/no-such-route', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('operator console not built', () => {
  let webDist: string;
  beforeAll(() => {
    webDist = fakeDist('player');
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
  const t = useTestApp(() => ({ adminDistDir: path.join(webDist, 'no-admin-here'), webDistDir: webDist }));

  it('answers 404 under /admin instead of the player app', async () => {
    for (const url of ['/admin', '/admin/players']) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404);
    }
    const player = await t.app.inject({ url: '/games', headers: HTML });
    expect(player.body).toContain('<title>player</title>');
  });
});
