import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { players } from '../src/db/schema';
import type { WalletService } from '../src/modules/wallet/wallet.service';
import { deposit } from '../src/modules/wallet/wallet.fixtures';
import { body, signUp, type TestApp } from './app';

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

export interface RunningSim {
  url: string;
  secret: string;
  control(path: string, init?: { method?: string; body?: unknown }): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Starts the provider simulator as its own process (real HTTP both ways): it calls Koi at `koiUrl`, and Koi
 * reaches it at the returned URL.
 */
export async function startSimulator(koiUrl: string): Promise<RunningSim> {
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../provider-sim'),
    env: {
      ...process.env,
      SIM_PORT: String(port),
      SIM_HOST: '127.0.0.1',
      KOI_URL: koiUrl,
      PROVIDER_SIM_SECRET: secret,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (i > 150) throw new Error('provider simulator did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    secret,
    async control(p, init = {}) {
      const res = await fetch(`${url}${p}`, {
        method: init.method ?? 'GET',
        headers: { 'x-sim-control': secret, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return res.json();
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // The simulator finishes in-flight requests before exiting; a test that left one hanging must not
        // hang the suite, so it is killed outright after a few seconds.
        const force = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
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
