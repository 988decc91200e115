import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { seedDemoContent } from '../db/seed';
import { seedCatalogue } from '../modules/games/catalogue.seed';
import type { Command } from './command';
import { moduleCommands } from './commands';

/**
 * The operations command line: `npm run koi -- <command> [options]`. It reads the same configuration as
 * the server (DATABASE_URL or the embedded database under KOI_DATA_DIR). The embedded database allows one
 * process at a time, so while a server holds it every command that needs it refuses (exit code 1) and says so.
 */
const commands: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply the committed SQL migrations',
    async run({ database, out }) {
      await database.migrate();
      out('migrations applied');
      return 0;
    },
  },
  'db:seed': {
    summary: 'Insert demo content (config items, banners, game catalogue) where missing; idempotent',
    async run({ database, out }) {
      await database.migrate();
      await seedDemoContent(database.db);
      await seedCatalogue(database.db);
      out('demo content and game catalogue seeded');
      return 0;
    },
  },
};

Object.assign(commands, moduleCommands);

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: npm run koi -- <command> [options]\n\ncommands:\n${lines.join('\n')}`;
}

/** Stands in for the database of an offline command: any use is a bug, reported as one. */
function offlineDatabase(name: string): Database {
  return new Proxy({} as Database, {
    get(_, prop) {
      if (prop === 'close') return async () => undefined;
      throw new Error(`${name} is an offline command and must not use the database`);
    },
  });
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name && name !== 'help' ? `unknown command: ${name}\n\n${usage()}` : usage());
    return name && name !== 'help' ? 2 : 0;
  }
  const optionSpec: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const o of command.options ?? []) optionSpec[o] = { type: 'string' };
  for (const f of command.flags ?? []) optionSpec[f] = { type: 'boolean' };
  let options: Record<string, string | boolean | undefined>;
  try {
    options = parseArgs({ args: rest, options: optionSpec, strict: true }).values;
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    return 2;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = command.offline ? offlineDatabase(name!) : await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${name} refused: ${error.message}`);
    return 1;
  }
  try {
    return await command.run({ config, database, options, out: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
