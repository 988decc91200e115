import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/handle';
import { applyAppGrants, ensureRoles, roleUrl } from '../db/roles';
import type { Command } from './command';

export const rolesCommands: Record<string, Command> = {
  'db:roles': {
    summary:
      'Create or update the PostgreSQL owner and app roles (as a superuser: --admin-url, else DATABASE_URL) [--owner koi_owner] [--app koi_app] [--new-passwords]; prints DATABASE_OWNER_URL and DATABASE_URL',
    options: ['admin-url', 'owner', 'app'],
    flags: ['new-passwords'],
    offline: true,
    async run({ config, options, out }) {
      const adminUrl = typeof options['admin-url'] === 'string' ? options['admin-url'] : config.databaseUrl;
      if (!adminUrl) {
        out(
          'db:roles needs a PostgreSQL server: --admin-url or DATABASE_URL (the embedded database has no roles)',
        );
        return 2;
      }
      const owner = typeof options.owner === 'string' ? options.owner : 'koi_owner';
      const app = typeof options.app === 'string' ? options.app : 'koi_app';
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ db: string }>('select current_database() as db');
        const database = rows[0]!.db;
        let outcome;
        try {
          outcome = await ensureRoles(client, {
            database,
            owner,
            app,
            newPasswords: options['new-passwords'] === true,
          });
        } catch (error) {
          out(`db:roles refused: ${(error as Error).message}`);
          return 1;
        }
        // Tables that exist already get the app's grants now; later migrations (run as the owner) grant their own.
        await applyAppGrants(drizzle(client) as unknown as Db, app);
        out(
          `db:roles: ${owner} owns database ${database} and its objects; ${app} may only read and write rows ` +
            '(audit log and ledger history append-only, no TRUNCATE, no trigger or table changes)',
        );
        if (outcome.created.length) out(`created: ${outcome.created.join(', ')}`);
        out(`DATABASE_OWNER_URL=${roleUrl(adminUrl, owner, outcome.passwords.get(owner))}`);
        out(`DATABASE_URL=${roleUrl(adminUrl, app, outcome.passwords.get(app))}`);
        out(
          outcome.passwords.size
            ? 'Passwords are shown only now; keep them with the server configuration.'
            : 'Both roles existed and keep their passwords (--new-passwords sets new ones).',
        );
        return 0;
      } finally {
        await client.end();
      }
    },
  },
};
