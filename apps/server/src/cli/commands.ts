import type { Command } from './command';
import { walletCommands } from '../modules/wallet/wallet.cli';
import { rolesCommands } from './roles.cli';
import { sandboxCommands } from './sandbox.cli';
import { operatorsCommands } from '../modules/operators/operators.cli';
import { auditCommands } from '../modules/audit/audit.cli';
import { agentsCommands } from '../modules/agents/agents.cli';

/**
 * Commands contributed by modules (wallet: ledger:verify, ledger:adjust, …). Each module exports a
 * `Record<string, Command>`; spread it in here.
 */
export const moduleCommands: Record<string, Command> = {
  ...walletCommands,
  ...sandboxCommands,
  ...operatorsCommands,
  ...auditCommands,
  ...rolesCommands,
  ...agentsCommands,
};
