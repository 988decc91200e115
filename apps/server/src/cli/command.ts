import type { Config } from '../config';
import type { Database } from '../db/client';
import { isAppError } from '../errors';

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
   * True for a command that never opens the configured database: one that only talks to other processes over
   * HTTP (e.g. `sandbox:pay`), which so also runs while the server holds the embedded one (PGlite allows one
   * process), or one that makes its own connection (`db:roles`, as a superuser).
   */
  offline?: boolean;
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}

/**
 * Runs the part of a command that the rules may refuse: a refusal (an AppError, e.g. an unknown player or an
 * amount with too many decimals) is printed as `<command> refused: <reason>` and ends the command with exit
 * code 1; any other error is a bug and is thrown on.
 */
export async function exitOnRefusal(
  command: string,
  out: CommandContext['out'],
  work: () => Promise<number>,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!isAppError(error)) throw error;
    out(`${command} refused: ${error.message}`);
    return 1;
  }
}
