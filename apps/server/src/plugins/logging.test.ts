import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase } from '../../test/db';
import { form, FORM } from '../../test/app';

describe('logging', () => {
  it('logs every request with its id and never a password, token or captcha answer', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ logLevel: 'trace' }), { database, logStream: stream });
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
    expect(lines.every((l) => JSON.parse(l).reqId || !JSON.parse(l).req)).toBe(true);
    expect(text).toContain('logging_user1');
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toContain('CAPX');
  });
});
