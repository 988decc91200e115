import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testLeg } from '../test/db';

/**
 * The real server process on the embedded database: it starts, answers, shuts down cleanly on SIGTERM and
 * keeps registered players across a restart. Runs on the embedded leg only (it is about PGlite on disk).
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-server-test-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      KOI_DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      INIT_CWD: serverDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilUp() {
  // A cold start (TypeScript loader, PGlite, migrations, seed) takes seconds, more while other test files
  // load the machine; allow up to a minute.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  }).then((r) => r.json() as Promise<{ code: number; result: Record<string, unknown> }>);

describe.skipIf(testLeg() !== 'pglite')('server process on the embedded database', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps players across a restart and exits cleanly on SIGTERM', async () => {
    const first = start();
    await waitUntilUp();
    const fields = {
      username: 'restart_player',
      password: 'secret123',
      confrimPas: 'secret123',
      captcha: '',
      code: '',
      device: 'd1',
      age_confirmed: '1',
    };
    expect((await post('/api/home/register', fields)).code).toBe(200);
    expect(await stop(first)).toBe(0);

    const second = start();
    await waitUntilUp();
    const login = await post('/api/home/login', {
      username: 'restart_player',
      password: 'secret123',
      captcha: '',
      device: '',
    });
    expect(login.code).toBe(200);
    const info = await post('/api/plat/info', {}, { authorization: `Bearer ${String(login.result.token)}` });
    expect(info.result).toMatchObject({ player_name: 'restart_player' });
    expect(await stop(second)).toBe(0);
  }, 150_000);
});
