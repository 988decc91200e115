import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client';

/**
 * Test databases for both legs. `KOI_TEST_DB=pglite` gives each test file a fresh in-memory PGlite;
 * `KOI_TEST_DB=postgres` gives it a fresh database on the PostgreSQL server, cloned from a template that
 * the global setup migrated once (CREATE DATABASE … TEMPLATE is far faster than migrating each time).
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

export async function createTestDatabase(): Promise<Database> {
  if (testLeg() === 'pglite') {
    const database = await openPglite(null);
    await database.migrate();
    return database;
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
  }
}
