import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminUrl, testLeg, withDatabase } from '../test/db';
import { freePort } from '../test/sim';
import { workerPlan } from './cluster';
import { loadConfig } from './config';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('how many server processes', () => {
  it('KOI_WORKERS, else every core in production and one otherwise', () => {
    expect(loadConfig({ KOI_WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ KOI_WORKERS: '0' })).toThrow(/KOI_WORKERS/);
  });

  it('forces one process on the embedded database and says why; warns when Redis is missing', () => {
    const embedded = workerPlan({ workers: 4, databaseUrl: undefined, redisUrl: undefined });
    expect(embedded.workers).toBe(1);
    expect(embedded.notes.join()).toMatch(/PGlite/);
    const noRedis = workerPlan({ workers: 4, databaseUrl: 'postgres://x/y', redisUrl: undefined });
    expect(noRedis).toMatchObject({ workers: 4 });
    expect(noRedis.notes.join()).toMatch(/REDIS_URL/);
    expect(workerPlan({ workers: 2, databaseUrl: 'postgres://x/y', redisUrl: 'redis://r' })).toEqual({
      workers: 2,
      notes: [],
    });
  });
});

/**
 * The real server started with KOI_WORKERS=2 on PostgreSQL and Redis: two workers answer on one port, a worker
 * that is killed is replaced, and SIGTERM drains both and exits 0. PostgreSQL leg only.
 */
describe.skipIf(testLeg() !== 'postgres')('the server on every core (node:cluster)', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  let primary: ChildProcess | null = null;
  let dbName = '';

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      await new Promise<void>((resolve) => {
        primary!.once('exit', () => resolve());
        primary!.kill('SIGKILL');
      });
    }
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
      await admin.end();
    }
  });

  /** The primary's server workers (tsx also starts an esbuild helper, which is not one). */
  const workers = (pid: number) =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('src/server.ts'))
      .map((line) => Number(line.trim().split(/\s+/)[0]));

  /** A health check that gives up after 5 s: a worker still booting must not hold the test on one request. */
  const healthy = async (base: string) =>
    (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok;

  /**
   * Waits for a state of the cluster for up to 90 s. Each worker compiles the server with tsx as it starts,
   * which takes a few seconds on a quiet machine and far longer while the rest of the suite shares its
   * two cores, so the waits (and the test's own timeout) are sized for the loaded case.
   */
  async function until(what: string, check: () => Promise<boolean> | boolean) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (primary?.exitCode !== null) throw new Error(`server exited with ${primary?.exitCode}`);
      try {
        if (await check()) return;
      } catch {
        // not there yet
      }
      await pause(100);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('serves from two workers, replaces a killed one, and drains on SIGTERM', async () => {
    const template = inject('koiTemplateDb');
    dbName = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database "${dbName}" template "${template}"`);
    await admin.end();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        KOI_WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: withDatabase(adminUrl(), dbName),
        REDIS_URL,
        CAPTCHA: 'off',
        LOG_LEVEL: 'warn',
        INIT_CWD: serverDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const pid = primary.pid!;
    const exited = new Promise<number | null>((resolve) => primary!.once('exit', (code) => resolve(code)));

    await until('two workers', async () => workers(pid).length === 2 && (await healthy(base)));
    const first = workers(pid);
    // Both workers share the port: every request is answered.
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);

    process.kill(first[0]!, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = workers(pid);
      return now.length === 2 && !now.includes(first[0]!) && now.includes(first[1]!);
    });
    // The replacement serves: with the other first worker killed too, requests are still answered (by it,
    // while the second replacement starts).
    const replaced = workers(pid);
    process.kill(first[1]!, 'SIGKILL');
    await until('the replacement answering alone', () => healthy(base));
    await until('two workers again', () => {
      const now = workers(pid);
      return (
        now.length === 2 && now.every((w) => !first.includes(w)) && now.some((w) => replaced.includes(w))
      );
    });

    const last = workers(pid);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Every worker is gone with the primary.
    for (const w of last) expect(() => process.kill(w, 0)).toThrow();
  }, 300_000);
});
