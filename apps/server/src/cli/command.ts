import type { Config } from '../config';
import type { Database } from '../db/client';

export interface CommandContext {
  config: Config;
  database: Database;
  /** Parsed `--name value` options. */
  options: Record<string, string | boolean | undefined>;
  out: (line: string) => void;
}

export interface Command {
  summary: string;
  /** Option names this command takes (all `--name value` strings unless listed in `flags`). */
  options?: string[];
  flags?: string[];
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}
