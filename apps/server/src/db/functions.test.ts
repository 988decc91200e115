import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';
import {
  crossOwnerReferences,
  diffFunctionsWithFiles,
  MODULES_DIR,
  readSqlSources,
  type SqlSource,
} from './functions';

let database: Database;
const scratchDirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A copy of every module's sql folder (and nothing else), laid out as under src/modules, that a test may
 * change, to prove the comparison notices.
 */
function copyOfFunctions(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-functions-'));
  scratchDirs.push(root);
  for (const module of fs.readdirSync(MODULES_DIR)) {
    const from = path.join(MODULES_DIR, module, 'sql');
    if (fs.existsSync(from)) fs.cpSync(from, path.join(root, module, 'sql'), { recursive: true });
  }
  return root;
}

/** The path of a function's or trigger's file inside a copy, wherever its module files it. */
function fileOf(root: string, name: string): string {
  const source = readSqlSources(root).find((s) => s.name === name);
  if (!source) throw new Error(`no file defines ${name}`);
  return path.join(root, source.file);
}

/**
 * Every table and the module that owns it, read from the code: each module's `*.schema.ts` and the tables it
 * declares with pgTable.
 */
async function tableOwners(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const module of fs.readdirSync(MODULES_DIR).sort()) {
    const dir = path.join(MODULES_DIR, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.schema.ts'))) {
      const exports = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (!is(value, PgTable)) continue;
        const table = getTableName(value);
        const other = owners.get(table);
        if (other && other !== module) throw new Error(`${table} is declared by ${other} and by ${module}`);
        owners.set(table, module);
      }
    }
  }
  return owners;
}

function edit(root: string, name: string, from: string, to: string) {
  const file = fileOf(root, name);
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

describe('SQL function and trigger sources', () => {
  it("the database holds exactly the functions and triggers that the modules' sql folders define", async () => {
    const sources = readSqlSources();
    const names = sources.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['koi_ledger_transfer', 'koi_ledger_transfer_batch']));
    expect(names).toContain('ledger_entries_no_change');
    expect(await diffFunctionsWithFiles(database.db)).toEqual([]);
  });

  it('applies function files before trigger files, each group in name order whichever module files it', () => {
    const sources = readSqlSources();
    const functions = sources.filter((s) => s.kind === 'function').map((s) => s.name);
    const triggers = sources.filter((s) => s.kind === 'trigger').map((s) => s.name);
    expect(functions.length).toBeGreaterThan(0);
    expect(triggers.length).toBeGreaterThan(0);
    expect(sources.map((s) => s.name)).toEqual([...functions, ...triggers]);
    expect(functions).toEqual([...functions].sort());
    expect(triggers).toEqual([...triggers].sort());
    for (const s of sources) {
      expect(s.file).toBe(
        path.join(s.module, 'sql', s.kind === 'trigger' ? `${s.name}.trigger.sql` : `${s.name}.sql`),
      );
    }
  });

  it('refuses two files that define the same name, in different modules', () => {
    const dir = copyOfFunctions();
    fs.mkdirSync(path.join(dir, 'games', 'sql'), { recursive: true });
    fs.copyFileSync(fileOf(dir, 'koi_ledger_apply'), path.join(dir, 'games', 'sql', 'koi_ledger_apply.sql'));
    expect(() => readSqlSources(dir)).toThrow(/both define koi_ledger_apply/);
  });

  it('reports a function whose file body differs from the database', async () => {
    const dir = copyOfFunctions();
    edit(dir, 'koi_ledger_pick_shard', 'RETURN v_id;\nEND', 'RETURN v_id + 0;\nEND');
    const differences = await diffFunctionsWithFiles(database.db, dir);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(
      /^function koi_ledger_pick_shard\(.*\) in the database differs from its file/,
    );
    expect(differences[0]).toContain('RETURN v_id + 0;');
  });

  it('reports a function whose arguments differ from its file', async () => {
    const dir = copyOfFunctions();
    edit(dir, 'koi_ledger_pick_shard', 'p_shard integer)', 'p_shard bigint)');
    const differences = await diffFunctionsWithFiles(database.db, dir);
    expect(differences.join('\n')).toMatch(
      /function koi_ledger_pick_shard\(.*p_shard integer\) is in the database but no file/,
    );
    expect(differences.join('\n')).toMatch(
      /function koi_ledger_pick_shard\(.*p_shard bigint\) is defined by a file/,
    );
  });

  it('reports a function in the database that no file defines', async () => {
    const dir = copyOfFunctions();
    fs.rmSync(fileOf(dir, 'koi_ledger_resolve'));
    const differences = await diffFunctionsWithFiles(database.db, dir);
    expect(differences).toEqual([
      expect.stringMatching(/^function koi_ledger_resolve\(.*\) is in the database but no file/),
    ]);
  });

  it('reports a file whose function is not in the database', async () => {
    const dir = copyOfFunctions();
    fs.writeFileSync(
      path.join(dir, 'wallet', 'sql', 'koi_extra.sql'),
      'CREATE OR REPLACE FUNCTION koi_extra() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;\n',
    );
    expect(await diffFunctionsWithFiles(database.db, dir)).toEqual([
      'function koi_extra() is defined by a file in src/modules/*/sql but not in the database',
    ]);
  });

  it('reports a trigger that differs from its file', async () => {
    const dir = copyOfFunctions();
    edit(dir, 'ledger_transfers_no_delete', 'BEFORE DELETE', 'AFTER DELETE');
    const differences = await diffFunctionsWithFiles(database.db, dir);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^trigger ledger_transfers_no_delete in the database differs/);
  });

  it('refuses a file that does not define, with CREATE OR REPLACE, the object it is named after', () => {
    const dir = copyOfFunctions();
    const resolve = fileOf(dir, 'koi_ledger_resolve');
    const settle = path.join(path.dirname(resolve), 'koi_ledger_settle.sql');
    fs.renameSync(resolve, settle);
    expect(() => readSqlSources(dir)).toThrow(
      /koi_ledger_settle\.sql must define function koi_ledger_settle/,
    );
    fs.rmSync(settle);
    edit(dir, 'ledger_entries_no_change', 'CREATE OR REPLACE TRIGGER', 'CREATE TRIGGER');
    expect(() => readSqlSources(dir)).toThrow(/must define trigger ledger_entries_no_change/);
  });

  it('notices a function changed in the database, and migrate() restores the file', async () => {
    await database.db.execute(sql`create or replace function koi_ledger_pick_shard(p_system text,
      p_currency text, p_shard integer) returns bigint language plpgsql as $$ BEGIN RETURN 1; END $$`);
    await database.db.execute(sql`create function koi_orphan() returns integer language sql as 'select 1'`);
    const differences = await diffFunctionsWithFiles(database.db);
    expect(differences).toEqual([
      expect.stringMatching(/^function koi_ledger_pick_shard\(.*\) in the database differs from its file/),
      'function koi_orphan() is in the database but no file in src/modules/*/sql defines it',
    ]);
    await database.db.execute(sql`drop function koi_orphan()`);
    await database.migrate();
    expect(await diffFunctionsWithFiles(database.db)).toEqual([]);
  });
});

describe('SQL filed under its owner', () => {
  let owners: Map<string, string>;
  beforeAll(async () => {
    owners = await tableOwners();
  });

  it('knows each table by the module whose schema declares it', () => {
    expect(owners.get('players')).toBe('auth');
    expect(owners.get('ledger_accounts')).toBe('wallet');
    expect(owners.get('bet_rounds')).toBe('bets');
    expect(owners.get('games')).toBe('games');
    expect(owners.get('provider_transactions')).toBe('providers');
    expect(owners.get('operator_audit')).toBe('audit');
  });

  it('no function or trigger names a table that another module owns', () => {
    expect(crossOwnerReferences(readSqlSources(), owners)).toEqual([]);
  });

  it("reports a body that names another module's table, and only that", () => {
    const body = (
      from: string,
    ) => `CREATE OR REPLACE FUNCTION koi_reach() RETURNS bigint LANGUAGE sql STABLE AS $$
  -- players and games are named here in a comment, and 'ledger_accounts' in a string: neither counts.
  SELECT count(*) FROM ${from} WHERE 'ledger_accounts' <> ''
$$;
`;
    const source = (module: string, from: string): SqlSource => ({
      module,
      file: path.join(module, 'sql', 'koi_reach.sql'),
      kind: 'function',
      name: 'koi_reach',
      sql: body(from),
    });
    expect(crossOwnerReferences([source('providers', 'provider_sessions')], owners)).toEqual([]);
    expect(
      crossOwnerReferences([source('providers', 'provider_sessions s JOIN Players p ON true')], owners),
    ).toEqual([
      `${path.join('providers', 'sql', 'koi_reach.sql')} names players, which the auth module owns: call a function in auth/sql instead`,
    ]);
  });

  it("reports a cross-owner body in a module's sql folder, as the test above reads them", () => {
    const dir = copyOfFunctions();
    edit(
      dir,
      'koi_provider_session',
      'FROM (SELECT 1) one',
      'FROM (SELECT 1) one LEFT JOIN ledger_accounts x ON false',
    );
    expect(crossOwnerReferences(readSqlSources(dir), owners)).toEqual([
      expect.stringMatching(/koi_provider_session\.sql names ledger_accounts, which the wallet module owns/),
    ]);
  });
});
