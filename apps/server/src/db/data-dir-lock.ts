import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) keeps its files in one directory and has no lock of its own: two processes
 * that open it at once (the server and `npm run koi -- operator:create`, say) each believe they own the files and
 * corrupt them or lose each other's writes. Every opener therefore takes this lock first: a file beside the
 * database holding the owner's process id. A file whose process is gone (a crash, kill -9) is stale and taken
 * over; a file whose process is alive refuses the second opener with {@link DataDirLockedError}.
 */
export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly lockFile: string;

  constructor(lockFile: string, pid: number) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${pid} (a running Koi server or ` +
        `another koi command). Only one process may open it at a time: stop that process first, or set ` +
        `DATABASE_URL to a PostgreSQL database, which any number of processes can share. If no such process ` +
        `is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.lockFile = lockFile;
  }
}

export const LOCK_FILE_NAME = 'pglite.lock';

/** True when a process with this id exists; one owned by another user (EPERM) exists too. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
}

/**
 * Takes the lock on the embedded database under `dataDir`, or throws {@link DataDirLockedError} while a live
 * process holds it. The file is created exclusively (O_EXCL), so of two processes starting together exactly one
 * wins; a stale file is removed and the exclusive create tried once more, so two processes taking over the same
 * stale file still end with one owner. The lock is also released when the process exits normally; after a crash
 * the next opener finds the owner gone.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  const create = (): boolean => {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  if (!create()) {
    const owner = readOwner(lockFile);
    // The same process opening the directory twice is refused too: two PGlite instances on one directory
    // corrupt it just as two processes do.
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(lockFile, owner);
    fs.rmSync(lockFile, { force: true });
    if (!create()) throw new DataDirLockedError(lockFile, readOwner(lockFile) ?? 0);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return { release };
}
