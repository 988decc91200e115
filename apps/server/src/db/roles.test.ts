import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { rolesCommands } from '../cli/roles.cli';
import { testConfig } from '../config';
import { manualClock } from '../lib/clock';
import { createAuditLog } from '../modules/audit';
import { createPlayers, deposit, holdWithdrawal } from '../modules/wallet/wallet.fixtures';
import { createWalletService } from '../modules/wallet/wallet.service';
import { adminUrl, testLeg, withDatabase } from '../../test/db';
import { signUp } from '../../test/app';
import { openPostgres, type Database } from './client';

/** The SQLSTATE PostgreSQL answers a statement the role has no right to (insufficient_privilege). */
const NOT_ALLOWED = { cause: { code: '42501' } };

async function superuser(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(testLeg() !== 'postgres')('the least-privilege database roles (db:roles)', () => {
  const tag = randomBytes(4).toString('hex');
  const owner = `koi_owner_${tag}`;
  const appRole = `koi_app_${tag}`;
  const dbName = `${inject('koiTemplateDb')}_${tag}`;
  const dbUrl = withDatabase(adminUrl(), dbName);
  let roles = async (_extra: Record<string, string | boolean> = {}) => ({ code: 0, lines: [] as string[] });
  let database: Database;
  let app: FastifyInstance;
  let urls: { owner: string; app: string };

  beforeAll(async () => {
    await superuser(adminUrl(), `create database "${dbName}" template "${inject('koiTemplateDb')}"`);
    roles = async (extra = {}) => {
      const lines: string[] = [];
      const code = await rolesCommands['db:roles']!.run({
        config: testConfig(),
        database: undefined as never,
        options: { 'admin-url': dbUrl, owner, app: appRole, ...extra },
        out: (l) => lines.push(l),
      });
      return { code, lines };
    };
    const made = await roles();
    expect(made.code).toBe(0);
    const value = (name: string) => made.lines.find((l) => l.startsWith(`${name}=`))!.slice(name.length + 1);
    urls = { owner: value('DATABASE_OWNER_URL'), app: value('DATABASE_URL') };
    database = openPostgres(urls.app, { ownerUrl: urls.owner, max: 5 });
    app = await buildApp(testConfig(), { database, clock: manualClock(new Date()) });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await superuser(adminUrl(), `drop database if exists "${dbName}" with (force)`);
    await superuser(adminUrl(), `drop role if exists "${appRole}"`);
    await superuser(adminUrl(), `drop role if exists "${owner}"`);
  });

  it('creates an owner and an app role, neither a superuser, and prints their URLs once', async () => {
    expect(new URL(urls.app).username).toBe(appRole);
    expect(new URL(urls.app).password).toMatch(/^[0-9a-f]{48}$/);
    const [row] = await database.db
      .execute(
        sql`select current_user as me, rolsuper, rolcreaterole, rolbypassrls
      from pg_roles where rolname = current_user`,
      )
      .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(row).toEqual({ me: appRole, rolsuper: false, rolcreaterole: false, rolbypassrls: false });
    const again = await roles();
    expect(again.code).toBe(0);
    expect(again.lines.at(-1)).toBe(
      'Both roles existed and keep their passwords (--new-passwords sets new ones).',
    );
    const asApp = await roles({ 'admin-url': urls.app });
    expect(asApp).toEqual({
      code: 1,
      lines: [
        'db:roles refused: db:roles must run as a superuser (it creates roles and hands over ownership)',
      ],
    });
    expect(again.lines).toContain(
      `DATABASE_URL=${withDatabase(adminUrl(), dbName).replace('postgres@', `${appRole}@`)}`,
    );
  });

  it('runs the server as the app role: sign-up, ledger transfers, holds and audit rows all work', async () => {
    expect((await signUp(app)).token.length).toBeGreaterThan(10);
    const clock = manualClock(new Date());
    const wallet = createWalletService({ db: database.db, clock, batching: false });
    const [player] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, player!, '50');
    const hold = await holdWithdrawal(wallet, player!, '20');
    expect(hold.created).toBe(true);
    await createAuditLog({ db: database.db, clock, config: testConfig() }).record({
      actor: null,
      action: 'player.freeze',
      target: { type: 'player', id: player! },
    });
  });

  it('refuses the app role UPDATE, DELETE and TRUNCATE of audit rows and ledger history', async () => {
    const as = (statement: string) => database.db.execute(sql.raw(statement));
    for (const statement of [
      `update operator_audit set reason = 'x'`,
      'delete from operator_audit',
      'truncate operator_audit',
      'delete from audit_chain_head',
      'update ledger_entries set amount_micro = 0',
      'delete from ledger_entries',
      'truncate ledger_entries',
      'delete from ledger_transfers',
      'delete from ledger_accounts',
      'update ledger_adjustments set reason = reason',
    ])
      await expect(as(statement), statement).rejects.toMatchObject(NOT_ALLOWED);
  });

  it('refuses the app role switching triggers off, altering tables and setting session_replication_role', async () => {
    const as = (statement: string) => database.db.execute(sql.raw(statement));
    await expect(
      as('alter table operator_audit disable trigger operator_audit_no_change'),
    ).rejects.toMatchObject(NOT_ALLOWED);
    await expect(as('alter table ledger_entries disable trigger all')).rejects.toMatchObject(NOT_ALLOWED);
    await expect(as('drop trigger operator_audit_no_change on operator_audit')).rejects.toMatchObject(
      NOT_ALLOWED,
    );
    await expect(as('set session_replication_role = replica')).rejects.toMatchObject(NOT_ALLOWED);
    await expect(as('create table intruder (id int)')).rejects.toMatchObject(NOT_ALLOWED);
    await expect(as(`alter role ${appRole} superuser`)).rejects.toMatchObject(NOT_ALLOWED);
  });
});
