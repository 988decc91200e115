import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client';

/**
 * Global setup of the PGlite leg: migrates one in-memory PGlite once and writes its data directory to a file,
 * which every test database is loaded from. A fresh PGlite runs initdb in a second WebAssembly instance before
 * it answers, and then the migrations; loading the migrated directory skips both.
 */
export default async function setup(project: TestProject) {
  const database = await openPglite(null);
  let dump: Blob;
  try {
    await database.migrate();
    dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-pglite-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('koiPgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
