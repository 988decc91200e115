import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../test/sim';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run koi -- …` as its own process, with the embedded database pointed at a place it cannot use. */
async function koi(args: string[], env: Record<string, string>) {
  try {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.TRONGRID_URL;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/koi.ts', ...args], {
      cwd: serverDir,
      env: { ...base, KOI_DATA_DIR: '/proc/koi-no-database-here', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('npm run koi -- sandbox:pay', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  const records = async (address: string) => {
    const res = await fetch(`${sandbox.url}/v1/accounts/${address}/transactions/trc20`, {
      headers: { 'TRON-PRO-API-KEY': sandbox.tronApiKey },
    });
    return ((await res.json()) as { data: { transaction_id: string; from: string; value: string }[] }).data;
  };

  it('sends sandbox USDT over HTTP without opening the database, from a chosen sender', async () => {
    const { address: to } = (await sandbox.control('/control/tron/address')) as { address: string };
    const { address: from } = (await sandbox.control('/control/tron/address')) as { address: string };
    const result = await koi(['sandbox:pay', '--to', to, '--amount', '12.5', '--from', from], {
      TRONGRID_URL: sandbox.url,
    });
    expect(result.code).toBe(0);
    const txid = /transaction ([0-9a-f]{64})/.exec(result.stdout)?.[1];
    expect(txid).toBeTruthy();
    await sandbox.control('/control/tron/mine', { body: { blocks: 1 } });
    expect(await records(to)).toEqual([
      expect.objectContaining({ transaction_id: txid, from, value: '12500000' }),
    ]);
  });

  it('refuses a bad address or amount and reports an unreachable sandbox, sending nothing', async () => {
    const { address: to } = (await sandbox.control('/control/tron/address')) as { address: string };
    const broken = to.slice(0, -1) + (to.endsWith('a') ? 'b' : 'a');
    const bad = await koi(['sandbox:pay', '--to', broken, '--amount', '1', '--url', sandbox.url], {});
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('HTTP 400');
    expect(
      (await koi(['sandbox:pay', '--to', to, '--amount', '1.1234567'], { TRONGRID_URL: sandbox.url })).code,
    ).toBe(2);
    expect((await koi(['sandbox:pay', '--amount', '1'], { TRONGRID_URL: sandbox.url })).code).toBe(2);
    const down = await koi(['sandbox:pay', '--to', to, '--amount', '1', '--url', 'http://127.0.0.1:9'], {});
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('cannot reach the sandbox');
    await sandbox.control('/control/tron/mine', { body: { blocks: 1 } });
    expect(await records(to)).toEqual([]);
  });
});
