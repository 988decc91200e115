import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { loadSandboxConfig, type SandboxEnv } from './config';
import { CONTROL_HEADER } from './http/control';
import { buildSandbox, type Sandbox } from './sandbox';

export const CONTROL_SECRET = 'control-secret-for-tests';
export const TRON_KEY = 'tron-key-for-tests';
export const PAYMENT_SECRET = 'payment-secret-for-tests';
export const PAYOUT_KEY = 'payout-key-for-tests-0123';
/** The sandbox's own provider's secret ("sim"); "pg" signs with `pg-` in front of it. */
export const PROVIDER_SECRET = 'provider-secret-for-tests';
/** Two sandbox Telegram bots: Koi's, and another one whose launch data Koi must refuse. */
export const TELEGRAM_BOT = {
  username: 'KoiTestBot',
  token: '5000000001:AAH-token-of-the-koi-test-bot_0123',
};
export const OTHER_TELEGRAM_BOT = {
  username: 'OtherTestBot',
  token: '5000000002:AAH-token-of-another-test-bot_99',
};

/**
 * A sandbox listening on a free loopback port, for the sandbox's own tests: real HTTP, a temporary data
 * folder (or a given one, to test restarts), no automatic blocks unless asked.
 */
export async function testSandbox(env: Partial<Record<keyof SandboxEnv, string>> = {}, dataDir?: string) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koi-sandbox-test-'));
  const config = loadSandboxConfig({
    SANDBOX_PORT: '0',
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_DATA_DIR: dir,
    SANDBOX_CONTROL_SECRET: CONTROL_SECRET,
    PROVIDER_SECRETS: `sim=${PROVIDER_SECRET},pg=pg-${PROVIDER_SECRET}`,
    TRONGRID_API_KEY: TRON_KEY,
    TRON_BLOCK_MS: '0',
    TRON_CONFIRMATIONS: '3',
    PAYMENT_SANDBOX_SECRET: PAYMENT_SECRET,
    PAYOUT_API_KEY: PAYOUT_KEY,
    TELEGRAM_BOTS: [TELEGRAM_BOT, OTHER_TELEGRAM_BOT].map((b) => `${b.username}=${b.token}`).join(','),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app: Sandbox = await buildSandbox(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    app,
    url,
    dataDir: dir,
    config,
    /** A control call with the secret. */
    control: (p: string, body?: unknown) =>
      fetch(`${url}${p}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          [CONTROL_HEADER]: CONTROL_SECRET,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(json),
    /** A TronGrid GET with the API key. */
    grid: (p: string, headers: Record<string, string> = { 'TRON-PRO-API-KEY': TRON_KEY }) =>
      fetch(`${url}${p}`, { headers }).then(json),
    json,
    async close(keepData = false) {
      await app.close();
      if (!keepData && !dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestSandbox = Awaited<ReturnType<typeof testSandbox>>;

/**
 * Gives each test of the calling suite a fresh sandbox (through `use`, before the test) and closes it after,
 * so that no test sees another's chain, orders or faults.
 */
export function sandboxForEachTest(use: (sandbox: TestSandbox) => void): void {
  let sandbox: TestSandbox | undefined;
  beforeEach(async () => {
    sandbox = await testSandbox();
    use(sandbox);
  });
  afterEach(async () => {
    await sandbox?.close();
  });
}

/**
 * An endpoint on loopback standing in for Koi's side of a call the sandbox makes (a merchant's notify URL, a
 * bot's webhook) at `path`: records each request's headers and JSON body, and answers 200 with an empty body
 * until `answer` says otherwise.
 */
export async function loopbackReceiver<B>(path: string) {
  const received: { headers: http.IncomingHttpHeaders; body: B }[] = [];
  let reply = { status: 200, body: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) as B });
      res.writeHead(reply.status).end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    answer: (status: number, body = '') => (reply = { status, body }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Waits until `check` holds, looking every 20 ms; fails after `ms`. */
export async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
