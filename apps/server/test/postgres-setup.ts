import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { adminUrl, withDatabase } from './db';

/**
 * Global setup of the PostgreSQL leg: checks the server is reachable (with a clear message when it is
 * not), migrates one template database, and removes it and every per-file copy afterwards.
 */
export default async function setup(project: TestProject) {
  const url = adminUrl();
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL test leg cannot reach ${url} (${(error as Error).message}). Start PostgreSQL ` +
        `(pg_ctlcluster --skip-systemctl-redirect <version> main start), point TEST_DATABASE_URL at a server, ` +
        `or set TEST_DATABASE_URL=skip to run only the embedded leg.`,
      { cause: error },
    );
  }
  const template = `koi_test_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database "${template}"`);
  const database = openPostgres(withDatabase(url, template), { max: 2 });
  await database.migrate();
  await database.close();
  project.provide('koiTemplateDb', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
  };
}
