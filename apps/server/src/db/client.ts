import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { applySqlSources } from './functions';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { AdvisoryLock } from './locks';
import { applyAppGrants } from './roles';
import { queryRows, type Db } from './handle';
import * as schema from './schema';

export { countRows, queryRows } from './handle';
export type { Db, DbOrTx, Schema, Tx } from './handle';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the committed SQL migrations, then the current definition of every SQL function and trigger
   * (each module's sql folder, see functions.ts); safe to call on every start and from several nodes at once. Refuses,
   * before changing anything, a database left part-way through a migration history that has since been
   * squashed into the baseline (see refuseSquashedHistory).
   */
  migrate(): Promise<void>;
  /**
   * Listens for PostgreSQL notifications (NOTIFY, sent only when the notifying transaction commits) on
   * `channel`. `onState(true)` is called once the listener is attached and again after every reconnection,
   * `onState(false)` whenever it is lost: a notification sent meanwhile is gone, so whoever caches on the
   * strength of these messages must stop trusting the cache until the next `true`. Returns a stop function.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Wait after a lost notification connection before reconnecting. */
const LISTEN_RETRY_MS = 1_000;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** The drizzle-kit journal: the migrations in the order they apply, each with the time it was generated. */
export function readMigrationJournal(dir: string = MIGRATIONS_DIR): {
  entries: { tag: string; when: number }[];
} {
  return JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
}

/**
 * Refuses a database left part-way through a migration history that is no longer in the folder.
 *
 * Before launch, migrations 0000_foundation … 0021_short_famine were squashed into one baseline,
 * `drizzle/0000_baseline.sql`, whose journal `when` is the old 0021's. Drizzle's migrator (PgDialect.migrate,
 * the same for PGlite and node-postgres) reads the newest row of drizzle.__drizzle_migrations by created_at and
 * applies only the entries whose `when` is later. So a database the old chain completed applies nothing, as it
 * should: its schema is the baseline's. One the old chain left part-way (its newest row older than the first
 * entry) would have the baseline run over the tables it already has, and no migration here can finish it, so it
 * is refused, before anything changes, with what to do. The check reads the same row the migrator does.
 */
async function refuseSquashedHistory(db: Db): Promise<void> {
  const first = readMigrationJournal().entries[0];
  if (!first) return;
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return;
  const [last] = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last || Number(last.created_at) >= first.when) return;
  const at = (ms: number) => new Date(ms).toISOString();
  throw new Error(
    `This database was migrated part-way through a migration history that ${first.tag} has replaced: its ` +
      `newest migration (${at(Number(last.created_at))}) is older than ${first.tag} (${at(first.when)}), which ` +
      `cannot finish it. Start it once with a version of Koi from before the squash (e.g. commit e19ee1c), which ` +
      `applies the rest of the old migrations, then start this version; or, if its data need not be kept, drop ` +
      `the database (the embedded one: delete the data directory's pglite folder) and start afresh.`,
  );
}

/**
 * Opens PGlite persisted under `dataDir` (or in memory when dataDir is null). An in-memory database may start
 * from `template`, a data directory written by PGlite's dumpDataDir, instead of running initdb (tests load one
 * migrated copy this way). A persisted one is locked to this process first (see data-dir-lock.ts): while another
 * live process has it open, this throws DataDirLockedError instead of opening the files a second time.
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if (dataDir) {
    lock = lockDataDir(dataDir);
    const dir = path.join(dataDir, 'pglite');
    try {
      fs.mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create(template ? { loadDataDir: template } : undefined);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one process with one connection, so no lock is needed around the migrator.
    async migrate() {
      await refuseSquashedHistory(db);
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await applySqlSources(db);
    },
    // One process and one connection: the listener is never lost while the database is open.
    async listen(channel, onMessage, onState) {
      const stop = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        await stop().catch(() => undefined);
      };
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export interface PostgresOptions {
  /** Pool size; PostgreSQL serialises work per connection, so this bounds concurrent queries from this node. */
  max?: number;
  /**
   * The schema owner's URL (db/roles.ts): when given, `migrate` connects as the owner for the migrations, the
   * SQL functions and the app role's grants, and the pool's own role (`url`) only runs queries.
   */
  ownerUrl?: string;
}

export function openPostgres(url: string, opts: PostgresOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20 });
  // An idle client that loses its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const ownerPool = opts.ownerUrl ? new pg.Pool({ connectionString: opts.ownerUrl, max: 2 }) : pool;
      const ownerDb = opts.ownerUrl ? (drizzlePg(ownerPool, { schema }) as unknown as Db) : db;
      const lockClient = await ownerPool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [AdvisoryLock.MIGRATE]);
        await refuseSquashedHistory(ownerDb);
        await migratePg(ownerDb as never, { migrationsFolder: MIGRATIONS_DIR });
        // Under the same lock, so two starting nodes never replace functions while the other migrates.
        await applySqlSources(ownerDb);
        if (opts.ownerUrl) {
          const [app] = await queryRows<{ role: string }>(db, sql`select current_user as role`);
          const [owner] = await queryRows<{ role: string }>(ownerDb, sql`select current_user as role`);
          if (app && owner && app.role !== owner.role) await applyAppGrants(ownerDb, app.role);
        }
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [AdvisoryLock.MIGRATE])
          .catch(() => undefined);
        lockClient.release();
        if (ownerPool !== pool) await ownerPool.end();
      }
    },
    /*
     * A dedicated connection outside the pool (a pooled one would be handed to queries, and LISTEN belongs to
     * one session). When it drops (server restart, network), the caller hears `false` at once, and a new
     * connection is tried every second until one listens again.
     */
    async listen(channel, onMessage, onState) {
      let stopped = false;
      let client: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      const quoted = `"${channel.replace(/"/g, '""')}"`;
      const connect = async () => {
        retry = null;
        if (stopped) return;
        const c = new pg.Client({ connectionString: url });
        let lost = false;
        const onLost = () => {
          if (lost) return;
          lost = true;
          if (client === c) client = null;
          c.end().catch(() => undefined);
          if (stopped) return;
          onState(false);
          retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
          retry.unref();
        };
        c.on('error', onLost);
        c.on('end', onLost);
        c.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`listen ${quoted}`);
        } catch {
          onLost();
          return;
        }
        if (stopped) {
          await c.end().catch(() => undefined);
          return;
        }
        client = c;
        onState(true);
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        onState(false);
        await client?.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(cfg: {
  databaseUrl: string | undefined;
  databaseOwnerUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, { ownerUrl: cfg.databaseOwnerUrl })
    : openPglite(cfg.dataDir);
}
