import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { queryRows } from '../db/client';
import {
  body,
  createTestApp,
  FORM,
  form,
  signUp,
  type TestApp,
  uniqueUsername,
  useTestApp,
} from '../../test/app';
import { createTestDatabase } from '../../test/db';

function registerFields(username = uniqueUsername('proto')) {
  return {
    username,
    password: 'secret123',
    confrimPas: 'secret123',
    captcha: '',
    code: '',
    device: 'd',
    age_confirmed: '1',
  };
}

function multipart(fields: Record<string, string>) {
  const boundary = `----koi${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('wire protocol: envelope, encodings, errors, headers', () => {
  const t = useTestApp();

  const playerCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from players`))[0]!.n;

  it('accepts form-urlencoded, multipart and JSON bodies on POST', async () => {
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      headers: FORM,
      payload: form(registerFields()),
    });
    const mp = multipart(registerFields());
    const multi = await t.app.inject({ method: 'POST', url: '/api/home/register', ...mp });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      payload: { ...registerFields(), age_confirmed: true },
    });
    for (const res of [urlencoded, multi, json]) expect(body(res)).toMatchObject({ code: 200, result: true });
  });

  it('refuses an unknown field with HTTP 400 naming it, and writes nothing', async () => {
    const before = await playerCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      headers: FORM,
      payload: form({ ...registerFields(), is_admin: '1' }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(400);
    expect(body(res).error?.message).toContain('is_admin');
    expect(await playerCount()).toBe(before);
  });

  it('refuses a field of the wrong type with HTTP 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      payload: { ...registerFields(), username: 12345678 },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).error?.message).toContain('username');
  });

  it('refuses a repeated form field (an array) with HTTP 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      headers: FORM,
      payload: `${form(registerFields())}&username=another_name1`,
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    {
      what: 'malformed JSON',
      status: 400,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "abc',
      message: 'JSON',
    },
    {
      what: 'an unsupported content type',
      status: 415,
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    },
    {
      what: 'a body over the size limit',
      status: 413,
      headers: FORM,
      payload: form({ username: 'x'.repeat(100 * 1024), password: 'y' }),
    },
  ])('refuses $what with HTTP $status and the envelope', async ({ status, headers, payload, message }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/home/login', headers, payload });
    expect(res.statusCode).toBe(status);
    expect(body(res)).toMatchObject({ code: status, result: null });
    if (message) expect(body(res).error?.message).toContain(message);
  });

  it.each([
    // Longer than the wire's limit for a register username (1,024; a name over the 8–20 rule but under that
    // limit gets the business answer USERNAME_FORMAT instead, in the form's words).
    ['an overlong string', 'a'.repeat(1025)],
    ['a NUL character', 'abc\u0000defgh'],
    ['a control character', 'abc\u001bdefgh'],
    ['a lone surrogate', 'abc\ud800defgh'],
  ])('refuses %s with HTTP 400 and writes nothing', async (_what, username) => {
    const before = await playerCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      payload: { ...registerFields(), username },
    });
    expect(res.statusCode).toBe(400);
    expect(await playerCount()).toBe(before);
  });

  it('answers unknown routes with 404, the envelope and the URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 404, error: { message: '请求地址出错：/api/does-not-exist' } });
  });

  it('speaks English when Accept-Language prefers it, Chinese otherwise', async () => {
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/plat/info',
      headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' },
    });
    expect(body(en).error?.message).toBe('Not signed in, please log in');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/plat/info',
      headers: { 'accept-language': 'zh-CN,en;q=0.5' },
    });
    expect(body(zh).error?.message).toBe('未授权，请登录');
  });

  it('sends security headers and a request id, and no CORS grant to foreign origins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/banner',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers the providers' server-to-server wallet API with nosniff and a request id, without page headers", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/providers/sim/user/balance',
      payload: { request_uuid: 'r', token: 't' },
    });
    expect(res.json()).toMatchObject({ status: 'RS_ERROR_UNKNOWN', message: 'unknown provider' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
    ])
      expect(res.headers[header], header).toBeUndefined();
  });

  it('serves OpenAPI documentation at /docs', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(html.statusCode);
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = spec.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/home/register', '/api/home/login', '/api/captcha']),
    );
  });

  it('answers failures inside the server with 500 and no internal detail', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database });
    app.get('/api/boom', async () => {
      throw new Error('secret internal detail: table players');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toMatchObject({ code: 500, error: { message: '服务器繁忙，请稍后再试' } });
    expect(res.body).not.toContain('secret');
    await app.close();
    await database.close();
  });
});

/** Sends raw bytes over TCP and reads the answer until the server closes: the only way past fetch's own checks. */
function rawHttp(port: number, request: string): Promise<{ status: number; headers: string; json: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // the server may reset after answering; what it sent is kept
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status, headers: head, json: JSON.parse(rest.join('\r\n\r\n')) });
    });
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

describe('framework and parser errors over real HTTP, in the envelope', () => {
  const t = useTestApp();
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  const get = (target: string, headers = '') =>
    rawHttp(port, `GET ${target} HTTP/1.1\r\nHost: koi\r\n${headers}Connection: close\r\n\r\n`);
  const envelope = (code: number, message: string) => ({
    code,
    result: null,
    message,
    error: { message },
    request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });

  it('answers a URL it cannot decode (GET /%) with 400 and a Chinese message', async () => {
    const res = await get('/%');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(envelope(400, '请求地址格式不正确'));
    expect((await get('/api/%zz', 'Accept-Language: en\r\n')).json).toEqual(
      envelope(400, 'Malformed request address'),
    );
  });

  it('answers a 300-character route parameter with 414', async () => {
    const res = await rawHttp(
      port,
      `POST /api/providers/${'a'.repeat(300)}/user/info HTTP/1.1\r\nHost: koi\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(res.status).toBe(414);
    expect(res.json).toEqual(envelope(414, '请求地址过长'));
  });

  it('answers a 20 KB header with 431, in English when the request asked for it', async () => {
    const zh = await get('/api/health', `X-Big: ${'a'.repeat(20_000)}\r\n`);
    expect(zh.status).toBe(431);
    expect(zh.json).toEqual(envelope(431, '请求头过大'));
    expect(zh.headers).toMatch(/^x-request-id: [0-9a-f-]{36}$/im);
    const en = await get('/api/health', `Accept-Language: en-US\r\nX-Big: ${'a'.repeat(20_000)}\r\n`);
    expect(en.json).toEqual(envelope(431, 'Request headers too large'));
  });

  it('answers a request line that is not HTTP with 400', async () => {
    const res = await rawHttp(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(envelope(400, '请求格式不正确'));
  });

  it('answers a body over the limit with 413 and an unsupported content type with 415', async () => {
    const big = await fetch(`http://127.0.0.1:${port}/api/home/login`, {
      method: 'POST',
      headers: FORM,
      body: form({ username: 'x'.repeat(100 * 1024), password: 'y' }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual(envelope(413, '请求内容过大'));
    const plain = await fetch(`http://127.0.0.1:${port}/api/home/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'accept-language': 'en' },
      body: 'username=a',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual(envelope(415, 'Unsupported content type; use a form or JSON'));
  });
});

describe('boolean fields and the country header', () => {
  const t = useTestApp();

  it('accepts the JSON numbers 1 and 0 for a boolean field (age_confirmed), and refuses 2', async () => {
    const register = (age_confirmed: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/home/register',
        payload: { ...registerFields(), age_confirmed },
      });
    expect(body(await register(1))).toMatchObject({ code: 200, result: true });
    expect(body(await register(0))).toMatchObject({ code: 1008 });
    const two = await register(2);
    expect(two.statusCode).toBe(400);
    expect(body(two).error?.message).toContain('age_confirmed');
  });

  it('refuses a duplicate or malformed country header at the deny-list, and accepts one good value', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const registerWith = (countryLines: string) => {
      const payload = form(registerFields());
      return rawHttp(
        port,
        `POST /api/home/register HTTP/1.1\r\nHost: koi\r\n${countryLines}` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${payload.length}\r\n` +
          `Connection: close\r\n\r\n${payload}`,
      );
    };
    const blocked = { code: 1013 };
    // Node joins two headers into "CN, CN", which matches no denied code.
    expect((await registerWith('cf-ipcountry: CN\r\ncf-ipcountry: CN\r\n')).json).toMatchObject(blocked);
    // A second header is refused even when both name an allowed country: only one can be the proxy's.
    expect((await registerWith('cf-ipcountry: US\r\ncf-ipcountry: US\r\n')).json).toMatchObject(blocked);
    for (const bad of ['CN, US', 'CHN', 'C', '', '1x']) {
      expect((await registerWith(`cf-ipcountry: ${bad}\r\n`)).json, bad).toMatchObject(blocked);
    }
    expect((await registerWith('cf-ipcountry: cn\r\n')).json).toMatchObject(blocked);
    expect((await registerWith('cf-ipcountry: US\r\n')).json).toMatchObject({ code: 200 });
    expect((await registerWith('')).json).toMatchObject({ code: 200 });
  });
});

describe('rate limits', () => {
  const captchaFrom = (app: TestApp['app'], ip: string, device: string) =>
    app.inject({
      method: 'POST',
      url: '/api/captcha',
      headers: { ...FORM, 'x-forwarded-for': ip },
      payload: form({ device }),
    });
  const randomIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

  it('limits captcha requests per device and per IP in memory, answering 429 in the envelope', async () => {
    const t = await createTestApp({ rateLimitEnabled: true });
    try {
      const ip = randomIp();
      const device = `dev-${randomBytes(4).toString('hex')}`;
      const codes: number[] = [];
      for (let i = 0; i < 13; i += 1) codes.push((await captchaFrom(t.app, ip, device)).statusCode);
      expect(codes.slice(0, 12).every((c) => c === 200)).toBe(true);
      expect(codes[12]).toBe(429);

      // Other devices from the same IP are still served until the IP limit (30 a minute) is used up.
      let last = await captchaFrom(t.app, ip, 'another-device');
      expect(last.statusCode).toBe(200);
      for (let i = 0; i < 20 && last.statusCode === 200; i += 1) last = await captchaFrom(t.app, ip, `d${i}`);
      expect(last.statusCode).toBe(429);
      expect(body(last)).toMatchObject({ code: 429, error: { message: '操作过于频繁，请稍后再试' } });
      expect(last.headers['retry-after']).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('shares counters between nodes through Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = await createTestApp({ rateLimitEnabled: true, redisUrl });
    const b = await createTestApp({ rateLimitEnabled: true, redisUrl });
    const redis = new Redis(redisUrl);
    try {
      const ip = randomIp();
      const device = `dev-${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < 6; i += 1) expect((await captchaFrom(a.app, ip, device)).statusCode).toBe(200);
      for (let i = 0; i < 6; i += 1) expect((await captchaFrom(b.app, ip, device)).statusCode).toBe(200);
      expect((await captchaFrom(a.app, ip, device)).statusCode).toBe(429);
      expect((await captchaFrom(b.app, ip, device)).statusCode).toBe(429);
      expect(await redis.keys(`koi-rl:*captcha:dev:${device}`)).not.toHaveLength(0);
    } finally {
      redis.disconnect();
      await a.close();
      await b.close();
    }
  });

  it('throttles the real signed-in routes per player: seed rotation past 6 a minute, user info under its read limit', async () => {
    const t = await createTestApp({ rateLimitEnabled: true });
    try {
      const { auth } = await signUp(t.app);
      const rotate = () =>
        t.app.inject({ method: 'POST', url: '/api/originals/seeds/rotate', headers: auth });
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) codes.push((await rotate()).statusCode);
      expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
      expect(codes[6]).toBe(429);
      // Another preset's counter is separate: reads still answer.
      const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
      expect(info.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("does not count reloads of the player app's own pages against the unknown-URL limit", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Koi</title>');
    const t = await createTestApp({ rateLimitEnabled: true, webDistDir: dist });
    try {
      const headers = { 'x-forwarded-for': randomIp(), accept: 'text/html,application/xhtml+xml' };
      // More page reloads from one address than the unknown-URL limit (60 a minute) allows.
      for (const page of Array.from(
        { length: 70 },
        (_, i) => ['/user', '/recharge', '/originals/dice'][i % 3]!,
      )) {
        const res = await t.app.inject({ method: 'GET', url: page, headers });
        expect(res.statusCode, page).toBe(200);
        expect(res.body).toContain('<title>Koi</title>');
      }
      // Unknown files and API paths from the same address are still counted, and refused past 60.
      const probes: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const url = i % 2 ? `/wp-login${i}.php` : `/api/nope${i}`;
        probes.push((await t.app.inject({ method: 'GET', url, headers })).statusCode);
      }
      expect(probes.slice(0, 60).every((c) => c === 404)).toBe(true);
      expect(probes[60]).toBe(429);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
