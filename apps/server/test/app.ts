import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client';
import { manualClock } from '../src/lib/clock';
import { deposit } from '../src/modules/wallet/wallet.fixtures';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/**
 * A full app on a fresh database of the current leg, with a clock the test can move. `beforeReady` may add
 * routes of the test's own, which Fastify accepts only until the app is ready.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady: (app: FastifyInstance) => void = () => undefined,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = manualClock(new Date());
  const app = await buildApp(testConfig(overrides), { database, clock });
  beforeReady(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app of the enclosing `describe` (or of the file, at top level): `createTestApp(overrides, beforeReady)`
 * before its first test, closed after its last. The object returned is filled in when the app is ready, so the
 * tests read `t.app`, `t.database` and `t.clock` as usual. Overrides that depend on an earlier `beforeAll` (a
 * sandbox's URLs, a temporary folder) are given as a function, called when the app is built.
 */
export function useTestApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  beforeReady?: (app: FastifyInstance) => void,
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    const config = typeof overrides === 'function' ? overrides() : overrides;
    Object.assign(t, await createTestApp(config, beforeReady));
  });
  // When the app failed to start there is nothing to close, and the start's error is the one to show.
  afterAll(() => t.close?.());
  return t;
}

/** Encodes a flat object the way the player app does by default (form-urlencoded). */
export function form(fields: Record<string, string | number | boolean>): string {
  return new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * A POST of `fields` form-urlencoded, as the player app sends its requests by default; `headers` add the
 * player's bearer token or a header the test is about.
 */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number | boolean> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload: form(fields) });
}

export function body<T = unknown>(res: LightMyRequestResponse) {
  return res.json() as { code: number; result: T; message: string; error: { message: string } | null };
}

let counter = 0;
/** A fresh valid username per call, so tests never collide. */
export function uniqueUsername(prefix = 'player'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}`.slice(0, 20).padEnd(8, '0');
}

/** The id of the player with this name (names are unique regardless of case). */
export async function playerIdByName(t: Pick<TestApp, 'database'>, username: string): Promise<number> {
  const rows = await queryRows<{ id: number | string }>(
    t.database.db,
    sql`select id from players where lower(username) = lower(${username})`,
  );
  return Number(rows[0]!.id);
}

/** Registers (with an invite code when given) and signs in a player through the API; returns the bearer token. */
export async function signUp(
  app: FastifyInstance,
  username = uniqueUsername(),
  password = 'secret123',
  device = 'dev',
  inviteCode = '',
  /** Extra registration headers, e.g. the geo header that gives the player's sign-up country. */
  headers: Record<string, string> = {},
) {
  const reg = await postForm(
    app,
    '/api/home/register',
    { username, password, confrimPas: password, captcha: '', code: inviteCode, device, age_confirmed: 1 },
    headers,
  );
  if (body(reg).code !== 200) throw new Error(`register failed: ${reg.body}`);
  const login = await postForm(app, '/api/home/login', { username, password, captcha: '', device: '' });
  const token = body<{ token: string }>(login).result.token;
  return { username, password, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A signed-up player with their id and, when `deposit` is given, that much USDT deposited through the ledger
 * (DEPOSIT_CLEARING → player, code DEPOSIT, as every deposit path credits it). Each player signs up on a device
 * of their own unless the test names one, since a device shared by players is a review flag.
 */
export async function fundedPlayer(
  t: Pick<TestApp, 'app' | 'database' | 'clock'>,
  opts: { deposit?: string; device?: string; headers?: Record<string, string> } = {},
) {
  const device = opts.device ?? `dev-${randomUUID()}`;
  const signed = await signUp(t.app, undefined, undefined, device, '', opts.headers);
  const playerId = await playerIdByName(t, signed.username);
  if (opts.deposit) {
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, batching: false });
    await deposit(wallet, playerId, opts.deposit);
  }
  return { ...signed, playerId };
}

/**
 * Waits until a session a test has just ended behind the app's back (a direct `update players` freezing
 * the player) answers 401. The app drops its cached session when the database's change notification
 * arrives; PGlite delivers it before the update returns, PostgreSQL a few milliseconds later on another
 * connection, so a test asserting on the very next request would race it. Fails after two seconds: a
 * notification that never arrives is a bug this must not hide.
 */
export async function untilSignedOut(app: FastifyInstance, auth: Record<string, string>) {
  for (let i = 0; i < 80; i += 1) {
    const res = await app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
    if (res.statusCode === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the session was still signed in two seconds after the player changed');
}
