import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
// The sandbox's keep-alive client: the control API is called for every simulated round in bench:games, and
// the global fetch cost more CPU per call than the round's two wallet calls on Koi's side.
import { requestJson } from '../../sandbox/src/http/client';
import type { Round } from '../../sandbox/src/providers';
import type { Config } from '../src/config';
import { signedHeaders, type WalletAnswer } from '@koi/provider-protocol';
import { players, providerSessions } from '../src/db/schema';
import { newToken, sha256Hex } from '../src/lib/crypto';
import { PROVIDERS } from '../src/modules/games/catalogue.seed';
import type { WalletService } from '../src/modules/wallet/wallet.service';
import { deposit } from '../src/modules/wallet/wallet.fixtures';
import { body, createTestApp, signUp, type TestApp } from './app';

/** A free TCP port on loopback (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Stops a child process with SIGTERM and resolves once it has exited (at once when it already has). A process
 * still busy after `killAfterMs` (finishing a request a test left hanging, say) is killed outright, so that
 * it cannot hang the suite or the bench.
 */
export function stopProcess(child: ChildProcess, killAfterMs?: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface RunningSandbox {
  /** Base URL of every sandboxed system (providers, TronGrid, payment channel, payout rail). */
  url: string;
  /** Each game provider's own HMAC secret shared with Koi, by provider code (every catalogue provider). */
  secrets: ReadonlyMap<string, string>;
  /** The secret of one provider. */
  secretOf(code: string): string;
  controlSecret: string;
  tronApiKey: string;
  payment: { merchantId: string; secret: string };
  payoutKey: string;
  /** Where the sandbox keeps its chain and orders (a fresh temporary folder unless one was given). */
  dataDir: string;
  /** The sandbox's process id (bench:games reads its CPU time). */
  pid: number | undefined;
  /** The Koi configuration that points every external system at this sandbox. */
  koiConfig: Pick<Config, 'providerSim' | 'tron' | 'paymentSandbox' | 'payout'>;
  /** Calls a `/control/<system>/*` endpoint with the control secret; answers the parsed JSON. */
  control(path: string, init?: { method?: string; body?: unknown }): Promise<unknown>;
  stop(): Promise<void>;
}

export interface SandboxOptions {
  /** Koi's base URL for the providers' wallet calls. */
  koiUrl?: string;
  /** Keep the chain between starts (restart tests); default a fresh temporary folder. */
  dataDir?: string;
  /** Milliseconds between TRON blocks; default 0 = no automatic blocks (tests mine with /control/tron/mine). */
  tronBlockMs?: number;
  /** Blocks until a transfer counts as confirmed; default 3. */
  tronConfirmations?: number;
  /** Any other sandbox variable. */
  env?: Record<string, string>;
}

/**
 * Starts the sandbox as its own process (real HTTP both ways; decision 19): the providers call Koi at
 * `koiUrl`, and Koi reaches every external system at the returned URL.
 */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const port = await freePort();
  const hex = () => randomBytes(24).toString('hex');
  const secrets = new Map(PROVIDERS.map((p) => [p.code, hex()]));
  const controlSecret = hex();
  const tronApiKey = hex();
  const payment = { merchantId: 'koi', secret: hex() };
  const payoutKey = hex();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koi-sandbox-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../sandbox'),
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_CONTROL_SECRET: controlSecret,
      KOI_URL: opts.koiUrl ?? 'http://127.0.0.1:9',
      PROVIDER_SECRETS: [...secrets].map(([code, s]) => `${code}=${s}`).join(','),
      TRONGRID_API_KEY: tronApiKey,
      TRON_BLOCK_MS: String(opts.tronBlockMs ?? 0),
      TRON_CONFIRMATIONS: String(opts.tronConfirmations ?? 3),
      PAYMENT_MERCHANT_ID: payment.merchantId,
      PAYMENT_SANDBOX_SECRET: payment.secret,
      PAYOUT_API_KEY: payoutKey,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (i > 150) throw new Error('sandbox did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    secrets,
    secretOf: (code) => secrets.get(code)!,
    controlSecret,
    tronApiKey,
    payment,
    payoutKey,
    dataDir,
    pid: child.pid,
    koiConfig: {
      providerSim: { url, secrets },
      tron: { url, apiKey: tronApiKey, usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      paymentSandbox: { url, ...payment },
      payout: { url, apiKey: payoutKey },
    },
    async control(p, init = {}) {
      const res = await requestJson(new URL(p, url), {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'x-sandbox-control': controlSecret,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        timeoutMs: 60_000,
      });
      return res.json;
    },
    // The sandbox finishes in-flight requests before exiting, so it is given a few seconds to.
    async stop() {
      await stopProcess(child, 3000);
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The sandbox of the enclosing `describe` (or of the file, at top level): started before its first test,
 * stopped after its last. The object returned is filled in once the sandbox answers; give an app that needs
 * its URLs `useTestApp(() => ({ ...sb.koiConfig }))` after this call, so the sandbox starts first.
 */
export function useSandbox(opts: SandboxOptions = {}): RunningSandbox {
  const sb = {} as RunningSandbox;
  beforeAll(async () => {
    Object.assign(sb, await startSandbox(opts));
  });
  // When the sandbox failed to start there is nothing to stop, and the start's error is the one to show.
  afterAll(() => sb.stop?.());
  return sb;
}

/** A signed-up player with `amount` USDT deposited through the ledger. */
export async function playerWithMoney(t: TestApp, wallet: WalletService, amount: string) {
  const p = await signUp(t.app);
  const [row] = await t.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.username, p.username));
  await deposit(wallet, row!.id, amount);
  return { ...p, id: row!.id };
}

/** Plays one round of `amount` in a game session at the simulated provider, as the player's click would. */
export const playRound = (sim: Pick<RunningSandbox, 'control'>, sessionId: string, amount = '1') =>
  sim.control('/control/providers/play', {
    method: 'POST',
    body: { session_id: sessionId, amount },
  }) as Promise<Round>;

/** Opens a game through Koi's launch API and returns the simulator's session id from the launch URL. */
export async function launchGame(t: TestApp, auth: Record<string, string>, code: string, plat: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/game/login?game_code=${code}&plat_type=${plat}`,
    headers: auth,
  });
  const url = body<{ url: string }>(res).result?.url;
  if (!url) throw new Error(`launch failed: ${res.body}`);
  return url.split('/play/')[1]!;
}

/**
 * Koi listening on a free port, with a sandbox whose provider simulator calls Koi's wallet there: the
 * provider tests need real HTTP both ways. On failure whatever already started is stopped again.
 */
export async function startKoiWithProviderSim(): Promise<{
  t: TestApp;
  sim: RunningSandbox;
  koiUrl: string;
}> {
  const koiPort = await freePort();
  const koiUrl = `http://127.0.0.1:${koiPort}`;
  const sim = await startSandbox({ koiUrl });
  let t: TestApp | undefined;
  try {
    t = await createTestApp({ providerSim: sim.koiConfig.providerSim });
    await t.app.listen({ port: koiPort, host: '127.0.0.1' });
    return { t, sim, koiUrl };
  } catch (error) {
    await t?.close();
    await sim.stop();
    throw error;
  }
}

/**
 * Koi and the provider simulator of `startKoiWithProviderSim` for the enclosing `describe`: started before its
 * first test, stopped after its last. The objects returned are filled in once both answer (`koi.url` is
 * Koi's base URL), so the tests read `t.app`, `sim.control` and `koi.url` as usual.
 */
export function useKoiWithProviderSim(): { t: TestApp; sim: RunningSandbox; koi: { url: string } } {
  const t = {} as TestApp;
  const sim = {} as RunningSandbox;
  const koi = { url: '' };
  beforeAll(async () => {
    const started = await startKoiWithProviderSim();
    Object.assign(t, started.t);
    Object.assign(sim, started.sim);
    koi.url = started.koiUrl;
  }, 60_000);
  // When they failed to start there is nothing to stop, and the start's error is the one to show.
  afterAll(async () => {
    await sim.stop?.();
    await t.close?.();
  });
  return { t, sim, koi };
}

/**
 * Calls the test signs itself against Koi's seamless wallet as the simulator's provider would: a live session
 * for a player (inserted straight into its table, so no launch is needed) and a signed call answered as the
 * protocol's JSON with the HTTP status beside it. `opts` lets a test forge what a provider must not get away
 * with (another secret, a stale time, another provider, a path other than the one signed).
 */
export function signedProviderCalls(
  t: TestApp,
  sim: RunningSandbox,
  koi: { url: string },
  providerId: number,
) {
  async function session(playerId: number, hours = 1) {
    const token = newToken();
    await t.database.db.insert(providerSessions).values({
      tokenHash: sha256Hex(token),
      playerId,
      providerId,
      gameCode: 'sim-fruit',
      expiresAt: new Date(t.clock.now().getTime() + hours * 3_600_000),
    });
    return token;
  }
  async function call(
    path: string,
    payload: object,
    opts: { secret?: string; nowMs?: number; provider?: string; signedPath?: string } = {},
  ) {
    const raw = JSON.stringify(payload);
    const provider = opts.provider ?? 'sim';
    const target = `/api/providers/${provider}/${path}`;
    const res = await fetch(`${koi.url}${target}`, {
      method: 'POST',
      headers: signedHeaders(
        opts.secret ?? sim.secretOf(provider) ?? sim.secretOf('sim'),
        { method: 'POST', path: opts.signedPath ?? target, rawBody: raw },
        opts.nowMs ?? t.clock.now().getTime(),
      ),
      body: raw,
    });
    return { http: res.status, ...((await res.json()) as WalletAnswer) };
  }
  /** The fields every round-scoped call carries (request, token, user, round of the fruit game, USDT). */
  const base = (token: string, user: string, round: string = randomUUID()) => ({
    request_uuid: randomUUID(),
    token,
    user,
    round,
    round_closed: false,
    game_code: 'sim-fruit',
    currency: 'USDT',
  });
  return { session, call, base };
}
