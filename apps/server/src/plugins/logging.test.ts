import http from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase } from '../../test/db';
import { form, FORM } from '../../test/app';

/** A full app logging at trace level into `lines` (one JSON line each). */
async function appWithCapturedLog() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ logLevel: 'trace' }), { database, logStream: stream });
  return { lines, database, app };
}

describe('logging', () => {
  it('logs every request with its id and never a password, token or captcha answer', async () => {
    const { lines, database, app } = await appWithCapturedLog();
    app.post('/api/echo-error', async (request) => {
      // Simulates a bug that logs a whole request body by accident.
      request.log.error({ body: request.body }, 'something failed');
      throw new Error('boom');
    });
    await app.ready();

    const password = 'Sup3rSecretPw';
    await app.inject({
      method: 'POST',
      url: '/api/home/register',
      headers: FORM,
      payload: form({
        username: 'logging_user1',
        password,
        confrimPas: password,
        captcha: 'CAPX',
        code: '',
        device: 'd',
        age_confirmed: 1,
      }),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/home/login',
      headers: FORM,
      payload: form({ username: 'logging_user1', password, captcha: 'CAPX', device: '' }),
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    await app.inject({
      method: 'POST',
      url: '/api/plat/info',
      headers: { authorization: `Bearer ${token}` },
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/echo-error',
      payload: { password, captcha: 'CAPX', token, username: 'logging_user1' },
    });
    await app.close();
    await database.close();

    const text = lines.join('\n');
    expect(text).toContain(failed.headers['x-request-id'] as string);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => JSON.parse(l).reqId || !JSON.parse(l).req)).toBe(true);
    expect(text).toContain('logging_user1');
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toContain('CAPX');
  });

  it('never logs the value of a token or code query parameter: request URLs, router errors, error stacks', async () => {
    const { lines, database, app } = await appWithCapturedLog();
    app.get('/api/echo-url', async (request) => {
      // Simulates a failure whose message carries the URL it was called with.
      throw new Error(`cannot handle ${request.url}`);
    });
    await app.ready();

    const secrets = ['SignInTok3n1', 'OneTimeC0de2', 'BadUrlTok3n3', 'StackTok3n4', 'UpperC0de5'];
    await app.inject({
      method: 'GET',
      url: `/?token=${secrets[0]}&lang=zh`,
      headers: { accept: 'text/html' },
    });
    await app.inject({ method: 'GET', url: `/api/nope?page=1&code=${secrets[1]}` });
    const badUrl = await app.inject({ method: 'GET', url: `/%?token=${secrets[2]}` });
    await app.inject({ method: 'GET', url: `/api/echo-url?token=${secrets[3]}` });
    await app.inject({ method: 'GET', url: `/api/nope?CODE=${secrets[4]}` });
    await app.close();
    await database.close();

    expect(badUrl.statusCode).toBe(400);
    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    // The rest of each URL is still there to read.
    expect(text).toContain('/?token=[redacted]&lang=zh');
    expect(text).toContain('/api/nope?page=1&code=[redacted]');
    expect(text).toContain('/api/echo-url?token=[redacted]');
    const stacks = lines
      .map((l) => JSON.parse(l) as { err?: { stack?: string } })
      .filter((l) => l.err?.stack);
    expect(stacks.length).toBeGreaterThan(0);
    expect(stacks.some((l) => l.err!.stack!.includes('cannot handle /api/echo-url?token=[redacted]'))).toBe(
      true,
    );
  });

  it('logs a client that left before a compressed answer at info, not as a server error', async () => {
    const { lines, database, app } = await appWithCapturedLog();
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    app.post('/api/slow-answer', async (request) => {
      // Answers once the client has gone: large enough for the compression plugin's stream, not its
      // synchronous path.
      await new Promise<void>((resolve) => request.raw.socket.once('close', () => resolve()));
      setTimeout(answered, 200);
      return { items: Array.from({ length: 100_000 }, (_, i) => i.toString(36)) };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/slow-answer',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    });
    request.on('error', () => {});
    request.end('{}', () => setTimeout(() => request.destroy(), 50));
    await done;
    await app.close();
    await database.close();

    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; code?: string });
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 30,
        code: 'ERR_STREAM_PREMATURE_CLOSE',
        msg: 'client closed the connection before the answer',
      }),
    );
  });
});
