import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedDemoContent } from '../db/seed';
import { seedCatalogue } from '../modules/games/catalogue.seed';
import type { Command } from './command';
import { moduleCommands } from './commands';

/**
 * The operations command line: `npm run koi -- <command> [options]`. It reads the same configuration as
 * the server (DATABASE_URL or the embedded database under KOI_DATA_DIR). With the embedded database, stop
 * the server first: PGlite allows one process at a time on a data directory.
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
  const database = command.offline ? offlineDatabase(name!) : await openDatabase(config);
  try {
    return await command.run({ config, database, options, out: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
