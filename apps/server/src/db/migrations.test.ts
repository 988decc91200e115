import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { body, signUp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { manualClock } from '../lib/clock';
import { MIGRATIONS_DIR, queryRows, readMigrationJournal, type Database, type Db } from './client';
import { diffFunctionsWithFiles } from './functions';

/*
 * The history that drizzle/0000_baseline.sql replaced: what drizzle.__drizzle_migrations held after each of the
 * old migrations 0000_foundation … 0021_short_famine (the sha256 of the file and the journal's `when`, as
 * drizzle's migrator records them). A database those migrations built is simulated by the baseline's schema,
 * which is the same to the column (pg_dump of both was compared when the history was squashed), with these
 * rows as its history.
 */
const OLD_HISTORY: [hash: string, when: number][] = [
  ['7387ae39a73aa6d904c6a54b11c09a5e456075b37baaaf4e23a386e6fdbadd9c', 1795316484888], // 0000_foundation
  ['77263c21628c2869da08dabcd2c7e769c57e7232c9ecc052999b8577222110d7', 1795317030225],
  ['fe40fa10fc69d2350305bc696e29cc1cca1fee4add756bc2dd7d9c404303482e', 1795317065743],
  ['790c4c5a5649ddd0f34c83f1cae212840a5153835a7fc95ee90ed9367665aafb', 1795317215770],
  ['c82175f2c4a8679cc5398e47493cbba414fe342313321c0800c2f00941b787f4', 1795317364679],
  ['158fe7772b7d8af47ed337e4ec76578ca36f6c3358d8af74945bff9f0195458c', 1795317753457],
  ['f45e4e48100fb08f43c524db4f4a89abb889886d6d05ba662e2f57e9c81dc3b5', 1795317846042],
  ['978aed0c24fd9f305613139bae125e0673b55c60ce7527a767d053c65b44ed43', 1795318128704],
  ['a5907cc21731aadeb3b9ad2aa56e01fdc6990656a0d727c2944f2d308de2eb20', 1795318918277],
  ['77616b1e54d594524d4deb9a71d26e81d082fdbc4fab559077e0a880d73dcd5f', 1795319326943],
  ['5d976b7b6aa50aff60831f9bcbde91ad2e725bb90488e93959747474ac3fe5b4', 1795320076300],
  ['dd0d164a55f7a03e0d9df27ede868ba218cf94cf708bff3029e878af8069f2a9', 1795357434370],
  ['0ab440b64ed86131724826b3bc02a3ee29aba2de547083c675695f8a7946365e', 1795358877385],
  ['33898a194efac6ed79b89d7e4f739134f94822faf7b7991db96d8e7c002e826f', 1795359442337],
  ['c50d4d5a023ae4eba75908b40948d10fc45fd580d72f569f7600c741dbea3037', 1795375321189],
  ['6dc4077eabe376da88ca72c4bf8b126f531cbce47bdc9e7606db40362414bcfe', 1795379741527],
  ['f2f2f23f4bee2589a0ed507d21a5287323037f665e3cd1c1d85f50fb6a9fe589', 1795381083623],
  ['0472047877942e50284a42295fb7b2ae8f38bc8e6a777d8ae219bce084ff5761', 1795383485995],
  ['ed9c9932c8b0683979bed3afcb5641d26e611eade768c9ea566c019372e43d0e', 1795384361539],
  ['32859ec3b62c2f50c095d93273d061a541cb470dbd08fe193250b09f7b4a84fb', 1795386022970],
  ['aec8962a025fa55da2386b629891b28b80f8394988d58b9e6cf4edada061c4c7', 1795473750927], // 0020_reflective_chat
  ['5a74d66ef1cbc61649fe7e3a4a68a54c4d157a88f02f5290e0715662c70fb0fc', 1795474267891], // 0021_short_famine
];

const open: Database[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});

async function migratedDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  open.push(database);
  return database;
}

/** Replaces the database's migration history with the first `count` rows the old migrations left. */
async function recordOldHistory(db: Db, count: number) {
  await db.execute(sql`delete from drizzle.__drizzle_migrations`);
  for (const [hash, when] of OLD_HISTORY.slice(0, count)) {
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${when})`,
    );
  }
}

async function history(db: Db): Promise<number[]> {
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => Number(r.created_at));
}

async function indexDefinition(db: Db, name: string): Promise<string | undefined> {
  const [row] = await queryRows<{ def: string }>(
    db,
    sql`select indexdef as def from pg_indexes where schemaname = current_schema() and indexname = ${name}`,
  );
  return row?.def;
}

const PART_WAY = /migrated part-way through a migration history that 0000_baseline has replaced.*e19ee1c/s;

describe('migration history', () => {
  it('starts with one baseline, dated as the last migration it replaced, and no migration defines a function or trigger', () => {
    const { entries } = readMigrationJournal();
    expect(entries[0]).toMatchObject({ tag: '0000_baseline', when: OLD_HISTORY.at(-1)![1] });
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      expect(text, `${file} must leave functions and triggers to src/modules/*/sql`).not.toMatch(
        /create\s+(or\s+replace\s+)?(function|trigger)/i,
      );
    }
  });

  it('records the baseline on a new database, and the function files define every function', async () => {
    const { db } = await migratedDatabase();
    expect(await history(db)).toEqual(readMigrationJournal().entries.map((e) => e.when));
    expect(await diffFunctionsWithFiles(db)).toEqual([]);
  });

  it('starts a database the old migrations completed, applying only what came after the baseline', async () => {
    const database = await migratedDatabase();
    await recordOldHistory(database.db, OLD_HISTORY.length);
    const app = await buildApp(testConfig(), { database, clock: manualClock(new Date()) });
    try {
      await app.ready();
      const player = await signUp(app);
      const info = await app.inject({ method: 'POST', url: '/api/plat/info', headers: player.auth });
      expect(body<{ balance: string }>(info).result.balance).toBe('0.0000');
    } finally {
      await app.close();
    }
    const later = readMigrationJournal()
      .entries.slice(1)
      .map((e) => e.when);
    expect(await history(database.db)).toEqual([...OLD_HISTORY.map(([, when]) => when), ...later]);
    expect(await diffFunctionsWithFiles(database.db)).toEqual([]);
  });

  it('refuses a database the old migrations left after 0020, before changing anything', async () => {
    // What 0000 … 0020 built: the baseline's schema but for the three indexes 0021 rebuilt in another column order.
    const { db, migrate } = await migratedDatabase();
    await recordOldHistory(db, OLD_HISTORY.length - 1);
    for (const [index, column, unique] of [
      ['provider_tx_uuid_uq', 'transaction_uuid', 'unique'],
      ['provider_tx_reference_idx', 'reference_transaction_uuid', ''],
      ['provider_tx_round_idx', 'round_id', ''],
    ]) {
      await db.execute(sql.raw(`drop index ${index}`));
      await db.execute(
        sql.raw(`create ${unique} index ${index} on provider_transactions (provider_id, ${column})`),
      );
    }
    const before = await indexDefinition(db, 'provider_tx_uuid_uq');
    expect(before).toContain('(provider_id, transaction_uuid)');

    await expect(migrate()).rejects.toThrow(PART_WAY);
    expect(await history(db)).toEqual(OLD_HISTORY.slice(0, -1).map(([, when]) => when));
    expect(await indexDefinition(db, 'provider_tx_uuid_uq')).toBe(before);
  });

  it('refuses a database the old migrations left after their first, before changing anything', async () => {
    // Only the history matters to the refusal, which comes before any statement; an empty schema shows that
    // nothing ran (the baseline would otherwise create every table here without complaint).
    const { db, migrate } = await migratedDatabase();
    await recordOldHistory(db, 1);
    await db.execute(sql`drop schema public cascade`);
    await db.execute(sql`create schema public`);

    await expect(migrate()).rejects.toThrow(PART_WAY);
    expect(await history(db)).toEqual([OLD_HISTORY[0]![1]]);
    const tables = await queryRows(db, sql`select 1 from pg_tables where schemaname = 'public'`);
    expect(tables).toEqual([]);
  });
});
