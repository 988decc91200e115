import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Db } from './handle';

/*
 * Design note: the database roles on a PostgreSQL server.
 *
 * Two roles, neither a superuser. The owner role owns the database, its schema objects and the migration
 * history: migrations, SQL functions, triggers and the grants below run as it (DATABASE_OWNER_URL). The app
 * role is what the server's queries run as (DATABASE_URL): it owns nothing, so it cannot ALTER a table,
 * switch a trigger off or TRUNCATE, and as it is no superuser it cannot set `session_replication_role`
 * either, which is what lets a superuser's session bypass triggers. Its table privileges are plain DML,
 * narrowed where a table's history must not change:
 *
 * - append-only (SELECT, INSERT): the audit log and the ledger's entries and adjustments;
 * - never deleted (SELECT, INSERT, UPDATE): the audit chain head (it moves on every append), ledger accounts
 *   (balances), ledger transfers (a pending hold is resolved; a trigger limits which columns may change);
 * - every other table: SELECT, INSERT, UPDATE, DELETE.
 *
 * `applyAppGrants` sets exactly these, idempotently, after every migration run as the owner, so a table a
 * new migration creates is granted at once.
 */

/** Tables whose rows are only ever added. */
export const APPEND_ONLY_TABLES = ['operator_audit', 'ledger_entries', 'ledger_adjustments'] as const;
/** Tables whose rows change but are never removed. */
export const NEVER_DELETED_TABLES = ['audit_chain_head', 'ledger_accounts', 'ledger_transfers'] as const;

/** A role name as PostgreSQL spells an identifier, refused when it is anything but a plain lowercase name. */
function roleIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain role name: ${name}`);
  return `"${name}"`;
}

const tableList = (names: readonly string[]) => names.map((n) => `public."${n}"`).join(', ');

/**
 * Gives `appRole` exactly the privileges of the design note on every table and sequence of the public schema.
 * Run as the owner (or a superuser), in one transaction, so the app never sees a moment without its grants.
 */
export async function applyAppGrants(db: Db, appRole: string): Promise<void> {
  const app = roleIdent(appRole);
  const present = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
            where s.nspname = 'public' and c.relkind in ('r', 'p')`,
      )
    ).map((r) => r.name),
  );
  const appendOnly = APPEND_ONLY_TABLES.filter((t) => present.has(t));
  const neverDeleted = NEVER_DELETED_TABLES.filter((t) => present.has(t));
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`grant usage on schema public to ${app}`));
    await tx.execute(sql.raw(`revoke all on all tables in schema public from ${app}`));
    await tx.execute(
      sql.raw(`grant select, insert, update, delete on all tables in schema public to ${app}`),
    );
    if (appendOnly.length)
      await tx.execute(sql.raw(`revoke update, delete on ${tableList(appendOnly)} from ${app}`));
    if (neverDeleted.length)
      await tx.execute(sql.raw(`revoke delete on ${tableList(neverDeleted)} from ${app}`));
    await tx.execute(sql.raw(`revoke all on all sequences in schema public from ${app}`));
    await tx.execute(sql.raw(`grant usage, select on all sequences in schema public to ${app}`));
  });
}

export interface RolesPlan {
  /** The database the roles are for (the connection's own database). */
  database: string;
  owner: string;
  app: string;
  /** Set new passwords on roles that already exist (new roles always get one). */
  newPasswords: boolean;
}

export interface RolesOutcome {
  /** The password set for each role this run (new roles, or all with `newPasswords`); shown once. */
  passwords: Map<string, string>;
  created: string[];
}

/**
 * Creates (or brings into line) the owner and app roles on the server a superuser connection `admin` reaches:
 * both log in, neither is superuser nor may create roles or databases or bypass row security; the owner owns
 * the database and every object of its public and drizzle schemas (tables made earlier by a superuser's
 * migrations included); the app role may connect and gets the grants of `applyAppGrants`. Idempotent.
 */
export async function ensureRoles(admin: pg.Client, plan: RolesPlan): Promise<RolesOutcome> {
  const owner = roleIdent(plan.owner);
  const app = roleIdent(plan.app);
  if (plan.owner === plan.app) throw new Error('the owner and app roles must differ');
  const [{ is_super: isSuper } = { is_super: false }] = (
    await admin.query<{ is_super: boolean }>(
      'select rolsuper as is_super from pg_roles where rolname = current_user',
    )
  ).rows;
  if (!isSuper)
    throw new Error('db:roles must run as a superuser (it creates roles and hands over ownership)');
  const passwords = new Map<string, string>();
  const created: string[] = [];
  const limits = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit';
  for (const role of [plan.owner, plan.app]) {
    const exists = (await admin.query('select 1 from pg_roles where rolname = $1', [role])).rowCount! > 0;
    // Hex only, so the password can stand in the statement without quoting rules.
    const password = !exists || plan.newPasswords ? randomBytes(24).toString('hex') : null;
    if (!exists) created.push(role);
    if (password) passwords.set(role, password);
    await admin.query(
      `${exists ? 'alter' : 'create'} role ${roleIdent(role)} ${limits}${password ? ` password '${password}'` : ''}`,
    );
  }
  const database = `"${plan.database.replace(/"/g, '""')}"`;
  await admin.query('begin');
  try {
    await admin.query(`alter database ${database} owner to ${owner}`);
    await admin.query(`revoke all on database ${database} from public`);
    await admin.query(`grant connect, temporary on database ${database} to ${app}`);
    await admin.query(`alter schema public owner to ${owner}`);
    await admin.query(`revoke create on schema public from public`);
    // Objects a superuser's earlier migrations made: tables, sequences, views, functions, the drizzle schema.
    await admin.query(`
      do $$
      declare r record;
      begin
        for r in select format('alter %s %I.%I owner to ${owner}',
                   case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view'
                   else 'table' end, s.nspname, c.relname) as stmt
                 from pg_class c join pg_namespace s on s.oid = c.relnamespace
                 where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')
                   and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
        loop execute r.stmt; end loop;
        for r in select format('alter function %s owner to ${owner}', p.oid::regprocedure) as stmt
                 from pg_proc p join pg_namespace s on s.oid = p.pronamespace
                 where s.nspname = 'public'
                   and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        loop execute r.stmt; end loop;
        if exists (select 1 from pg_namespace where nspname = 'drizzle') then
          execute 'alter schema drizzle owner to ${owner}';
        end if;
      end $$`);
    await admin.query('commit');
  } catch (error) {
    await admin.query('rollback').catch(() => undefined);
    throw error;
  }
  return { passwords, created };
}

/** The connection URL of `role` on the server and database of `url`, with `password` when known. */
export function roleUrl(url: string, role: string, password: string | undefined): string {
  const u = new URL(url);
  u.username = role;
  u.password = password ?? '';
  return u.toString();
}
