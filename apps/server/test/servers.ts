import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { adminUrl, withDatabase } from './db';
import { freePort, stopProcess } from './sim';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Real server processes (src/server.ts) on one fresh PostgreSQL database cloned from the test template, for
 * tests about several nodes. PostgreSQL leg only (the embedded database is one process per data directory).
 * Start the processes one after the other: each runs the same (idempotent) seed at start.
 */
export function serverProcesses() {
  const children: ChildProcess[] = [];
  let dbName = '';
  let url = '';

  return {
    /** The shared database's URL, created on first use. */
    async databaseUrl(): Promise<string> {
      if (url) return url;
      dbName = `${inject('koiTemplateDb')}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`create database "${dbName}" template "${inject('koiTemplateDb')}"`);
      await admin.end();
      return (url = withDatabase(adminUrl(), dbName));
    },

    /** Starts one server process on the shared database; resolves with its base URL once it answers. */
    async start(env: Record<string, string> = {}): Promise<string> {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: await this.databaseUrl(),
          REDIS_URL: TEST_REDIS_URL,
          DEMO_SIGNUP_BONUS: '100',
          CAPTCHA: 'off',
          RATE_LIMIT: 'off',
          JOBS: 'off',
          LOG_LEVEL: 'warn',
          INIT_CWD: SERVER_DIR,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600; i += 1) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${base}/api/health`)).ok) return base;
        } catch {
          // not listening yet
        }
        await pause(100);
      }
      throw new Error('server did not start');
    },

    /** Stops every process (SIGTERM) and drops the database. */
    async stop() {
      await Promise.all(children.map((child) => stopProcess(child)));
      if (dbName) {
        const admin = new pg.Client({ connectionString: adminUrl() });
        await admin.connect();
        await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
        await admin.end();
      }
    },
  };
}

/** Server processes for the enclosing `describe`, stopped (and their database dropped) after its last test. */
export function useServerProcesses() {
  const servers = serverProcesses();
  afterAll(() => servers.stop());
  return servers;
}

/** A form POST to a running server, answered as the envelope. */
export const postForm = (base: string, url: string, fields: Record<string, string>, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(fields),
  }).then((r) => r.json() as Promise<{ code: number; result: Record<string, unknown>; message: string }>);

/** Registers a player through a running server; `signIn(on)` signs them in on any process, giving the token. */
export async function registerOver(base: string, username: string, password = 'secret123') {
  const reg = await postForm(base, '/api/home/register', {
    username,
    password,
    confrimPas: password,
    captcha: '',
    code: '',
    device: 'dev',
    age_confirmed: '1',
  });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.message}`);
  const signIn = async (on: string) =>
    (await postForm(on, '/api/home/login', { username, password, captcha: '', device: '' })).result
      .token as string;
  return { username, signIn };
}
