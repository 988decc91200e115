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
  /**
   * True for a command that only talks to other processes over HTTP (e.g. `sandbox:pay`): it never opens the
   * database, so it also runs while the server holds the embedded one (PGlite allows one process).
   */
  offline?: boolean;
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}
