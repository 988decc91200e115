import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A process id that is certainly not running: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** Runs `npm run koi -- …` as its own process against the embedded database in `dataDir`. */
async function koi(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, KOI_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/koi.ts', ...args], {
      cwd: serverDir,
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('lockDataDir', () => {
  it('writes the owner pid, refuses a second opener while held, and frees the directory on release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    const second = (() => {
      try {
        lockDataDir(dir);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as DataDirLockedError).pid).toBe(process.pid);
    expect((second as Error).message).toContain('Only one process may open it at a time');
    lock.release();
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${await deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    lockDataDir(dir).release();
  });

  it('does not remove a lock another process has taken since', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '1\n');
    lock.release();
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe('1');
  });
});

describe('the embedded database is opened by one process at a time', () => {
  it('a koi command refuses with a clear message while a server holds the database, and runs once it is closed', async () => {
    const dir = tempDir();
    const database = await openPglite(dir);
    const refused = await koi(['db:migrate'], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('db:migrate refused: The embedded database');
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stdout).not.toContain('migrations applied');
    // A second opener in the same process is refused just the same.
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();

    const ran = await koi(['db:migrate'], dir);
    expect(ran.stdout).toContain('migrations applied');
    expect(ran.code).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
