import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from './handle';

/*
 * The current source of every SQL function and trigger.
 *
 * Migrations are history: a function kept there and replaced twice would have three bodies and no single
 * readable definition, and every change would copy the whole body into a new migration. So no migration defines
 * a function or trigger (the baseline, drizzle/0000_baseline.sql, holds none, and migrations.test.ts keeps it
 * so); the current definition of each PL/pgSQL function and trigger lives in its own file, in the `sql/` folder
 * of the module that owns the tables it writes (`src/modules/<module>/sql/<function>.sql` and
 * `<trigger>.trigger.sql`; a trigger sits with the table it is on, even when its function is another module's,
 * such as the events module's notify functions). `Database.migrate()` applies every file after the drizzle
 * migrations, in a fixed order that does not depend on which module holds a file: function files in name order,
 * then trigger files in name order (a trigger needs its function; PL/pgSQL bodies are not resolved until called,
 * but a LANGUAGE sql body is checked when it is created, so a SQL function that calls another must sort after
 * it, as koi_provider_session sorts after koi_ledger_available and koi_player).
 * Each file is one `CREATE OR REPLACE` statement, so applying it again changes nothing, and all files are
 * applied in one transaction, so a node never sees half of a new set.
 *
 * `functions.test.ts` checks that the database holds exactly what the files define (see
 * `diffFunctionsWithFiles`), so the file is always the truth, and that no body names a table another module
 * owns (see `crossOwnerReferences`): a module reads or writes another's tables only through a function the owner
 * files in its own folder. The workflow for changing a function is in the README ("Developing").
 */

/** The modules folder; each module's SQL is in its `sql/` subfolder. */
export const MODULES_DIR = path.resolve(import.meta.dirname, '../modules');
const SQL_FOLDER = 'sql';
const TRIGGER_SUFFIX = '.trigger.sql';

export interface SqlSource {
  /** The module whose `sql/` folder holds the file. */
  module: string;
  /** The file's path from the modules folder: `<module>/sql/<name>.sql`. */
  file: string;
  kind: 'function' | 'trigger';
  /** The function or trigger the file defines (its file name without the extension). */
  name: string;
  sql: string;
}

const DEFINITION = /^\s*CREATE\s+OR\s+REPLACE\s+(FUNCTION|TRIGGER)\s+(\w+)/im;

/**
 * Reads every module's function and trigger files in the order they are applied. A file must define, with one
 * `CREATE OR REPLACE` statement, the object it is named after, and no two files may share a name; anything else
 * is refused here, at start, rather than left to drift.
 */
export function readSqlSources(root: string = MODULES_DIR): SqlSource[] {
  const sources: SqlSource[] = [];
  for (const module of fs.readdirSync(root).sort()) {
    const dir = path.join(root, module, SQL_FOLDER);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.sql')) sources.push(readSqlSource(root, module, name));
    }
  }
  const seen = new Map<string, string>();
  for (const s of sources) {
    const other = seen.get(s.name);
    if (other) throw new Error(`${other} and ${s.file} both define ${s.name}`);
    seen.set(s.name, s.file);
  }
  const byName = (a: SqlSource, b: SqlSource) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [
    ...sources.filter((s) => s.kind === 'function').sort(byName),
    ...sources.filter((s) => s.kind === 'trigger').sort(byName),
  ];
}

function readSqlSource(root: string, module: string, fileName: string): SqlSource {
  const file = path.join(module, SQL_FOLDER, fileName);
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const kind = fileName.endsWith(TRIGGER_SUFFIX) ? 'trigger' : 'function';
  const name = fileName.slice(0, -(kind === 'trigger' ? TRIGGER_SUFFIX : '.sql').length);
  const found = DEFINITION.exec(text);
  if (!found || found[1]!.toLowerCase() !== kind || found[2] !== name) {
    throw new Error(
      `${path.join(root, file)} must define ${kind} ${name} with one CREATE OR REPLACE ${kind.toUpperCase()} statement`,
    );
  }
  return { module, file, kind, name, sql: text };
}

/*
 * What a body names. Comments and string literals are blanked first, so a comment that explains another
 * module's table, or a trigger function comparing TG_TABLE_NAME with a name, is not mistaken for a use.
 * Dynamic SQL (EXECUTE of a string) would hide a table from this check; no function uses it.
 */
const COMMENT_OR_STRING = /'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_$]*/g;

/**
 * One line per table that a function's or trigger's file names although another module owns it (empty when
 * every file keeps to its own module's tables). `owners` maps each table to its module, as the modules'
 * `*.schema.ts` files declare them (`tableOwners`).
 */
export function crossOwnerReferences(sources: SqlSource[], owners: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  for (const source of sources) {
    const code = source.sql.replace(COMMENT_OR_STRING, ' ');
    const named = new Set((code.match(IDENTIFIER) ?? []).map((word) => word.toLowerCase()));
    for (const table of [...named].sort()) {
      const owner = owners.get(table);
      if (owner && owner !== source.module) {
        lines.push(
          `${source.file} names ${table}, which the ${owner} module owns: call a function in ${owner}/sql instead`,
        );
      }
    }
  }
  return lines;
}

/** Applies every function and trigger file, in order, in one transaction. */
export async function applySqlSources(db: DbOrTx, sources: SqlSource[] = readSqlSources()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const source of sources) await tx.execute(sql.raw(source.sql));
  });
}

/** What the database holds for one function or trigger, in PostgreSQL's own words. */
interface SqlObject {
  kind: 'function' | 'trigger';
  name: string;
  /** Functions: identity and full arguments, result, language, volatility and the body (prosrc); triggers: the definition. */
  definition: string;
}

/**
 * Every function and trigger of the application's schema, except those an extension owns. Functions are
 * listed whatever their name, so one created by a migration without a file is caught too.
 */
async function readSqlObjects(db: DbOrTx): Promise<SqlObject[]> {
  const functions = await queryRows<{ name: string; signature: string; definition: string }>(
    db,
    sql`select p.proname as name, pg_get_function_identity_arguments(p.oid) as signature,
          concat_ws(E'\n', 'arguments: ' || pg_get_function_arguments(p.oid),
            'returns: ' || pg_get_function_result(p.oid), 'language: ' || l.lanname,
            'volatility: ' || p.provolatile::text, 'body:' || p.prosrc) as definition
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
        where n.nspname = current_schema()
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  );
  const triggers = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select t.tgname as name, pg_get_triggerdef(t.oid) as definition
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = current_schema()`,
  );
  return [
    ...functions.map((f) => ({
      kind: 'function' as const,
      name: `${f.name}(${f.signature})`,
      definition: f.definition,
    })),
    ...triggers.map((t) => ({ kind: 'trigger' as const, name: t.name, definition: t.definition })),
  ];
}

class Rollback extends Error {}

/**
 * Compares the database with the function and trigger files and returns one line per difference (empty when
 * they agree): a function or trigger in the database without a file, a file whose object is not in the
 * database, or a definition that differs. It works inside a transaction that it always rolls back: it reads
 * what the database holds, drops every function and trigger, applies the files exactly as `migrate()` does,
 * reads again and compares, so PostgreSQL itself parses both sides and formatting cannot cause a false
 * alarm. Tests only: the drops take table locks while the transaction lasts.
 */
export async function diffFunctionsWithFiles(db: DbOrTx, root: string = MODULES_DIR): Promise<string[]> {
  const sources = readSqlSources(root);
  let differences: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const before = await readSqlObjects(tx);
      const triggers = await queryRows<{ name: string; table: string }>(
        tx,
        sql`select t.tgname as name, c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace
            where not t.tgisinternal and n.nspname = current_schema()`,
      );
      for (const t of triggers) {
        await tx.execute(sql`drop trigger ${sql.identifier(t.name)} on ${sql.identifier(t.table)}`);
      }
      for (const f of before.filter((o) => o.kind === 'function')) {
        await tx.execute(sql.raw(`drop function ${f.name} cascade`));
      }
      await applySqlSources(tx, sources);
      const after = await readSqlObjects(tx);
      differences = compareSqlObjects(before, after);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return differences;
}

function compareSqlObjects(database: SqlObject[], files: SqlObject[]): string[] {
  const key = (o: SqlObject) => `${o.kind} ${o.name}`;
  const fromFiles = new Map(files.map((o) => [key(o), o]));
  const inDatabase = new Map(database.map((o) => [key(o), o]));
  const lines: string[] = [];
  for (const [k, o] of inDatabase) {
    const f = fromFiles.get(k);
    if (!f) lines.push(`${k} is in the database but no file in src/modules/*/sql defines it`);
    else if (f.definition !== o.definition) {
      lines.push(
        `${k} in the database differs from its file:\n--- database\n${o.definition}\n--- file\n${f.definition}`,
      );
    }
  }
  for (const k of fromFiles.keys()) {
    if (!inDatabase.has(k))
      lines.push(`${k} is defined by a file in src/modules/*/sql but not in the database`);
  }
  return lines.sort();
}
