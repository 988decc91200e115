import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client';

/**
 * Test databases for both legs, each a copy of a template its global setup migrated once (pglite-setup.ts,
 * postgres-setup.ts). `KOI_TEST_DB=pglite` gives a fresh in-memory PGlite loaded from the template's data
 * directory (loading skips initdb and the migrations); `KOI_TEST_DB=postgres` gives a fresh database on the
 * PostgreSQL server made by CREATE DATABASE … TEMPLATE, far faster than migrating each time.
 */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testLeg(): 'pglite' | 'postgres' {
  return process.env.KOI_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  return url && url !== 'skip' ? url : DEFAULT_TEST_DATABASE_URL;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let pgliteTemplate: Promise<Blob> | null = null;

export async function createTestDatabase(): Promise<Database> {
  if (testLeg() === 'pglite') {
    const file = inject('koiPgliteTemplate');
    if (!file) throw new Error('No PGlite template: the pglite leg needs its global setup');
    // Read once per test file: several files open a database per test.
    pgliteTemplate ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
    return openPglite(null, await pgliteTemplate);
  }
  const template = inject('koiTemplateDb');
  if (!template) throw new Error('No template database: the postgres leg needs its global setup');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(withDatabase(adminUrl(), name), { max: 10 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await cleanup.end();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated template database of the PostgreSQL leg (set by postgres-setup.ts). */
    koiTemplateDb: string;
    /** Path of the migrated PGlite data directory (a tar file) of the PGlite leg (set by pglite-setup.ts). */
    koiPgliteTemplate: string;
  }
}
