import os from 'node:os';
import { formatMicro } from '@koi/ledger';
import { exitOnRefusal, type Command } from '../../cli/command';
import type { Database } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { createWalletService } from './wallet.service';
import { AppError } from '../../errors';
import { createPlayerDirectory } from '../auth';
import { createAuditLog } from '../audit';

/** Checks every ledger invariant; prints each violation and returns how many there are. */
export async function verifyLedger(database: Database, out: (line: string) => void): Promise<number> {
  const wallet = createWalletService({ db: database.db, clock: systemClock });
  const violations = await wallet.verify();
  for (const v of violations) out(`VIOLATION ${v.invariant}: ${v.message}`);
  const counts = await wallet.counts();
  out(
    violations.length === 0
      ? `ledger:verify ok (${counts.transfers} transfers, ${counts.entries} entries)`
      : `ledger:verify found ${violations.length} violation(s)`,
  );
  return violations.length;
}

export const walletCommands: Record<string, Command> = {
  'ledger:verify': {
    summary: 'Check every ledger invariant; exits 1 naming each violation',
    async run({ database, out }) {
      await database.migrate();
      return (await verifyLedger(database, out)) === 0 ? 0 : 1;
    },
  },
  'ledger:void-expired': {
    summary: 'Void pending transfers (holds) whose timeout has passed; safe to run from cron on any node',
    async run({ database, out }) {
      await database.migrate();
      const wallet = createWalletService({ db: database.db, clock: systemClock });
      out(`voided ${await wallet.voidExpired()} expired pending transfer(s)`);
      return 0;
    },
  },
  'ledger:adjust': {
    summary:
      'Operator adjustment: --player <name> --amount <x, negative debits> --reason <text> [--operator <name>] [--key <id>]',
    options: ['player', 'amount', 'reason', 'operator', 'key'],
    async run({ database, config, options, out }) {
      const { player, amount, reason } = options;
      if (typeof player !== 'string' || typeof amount !== 'string' || typeof reason !== 'string') {
        out('ledger:adjust needs --player <name> --amount <x> --reason <text>');
        return 2;
      }
      const operator =
        typeof options.operator === 'string'
          ? options.operator
          : (process.env.USER ?? os.userInfo().username);
      await database.migrate();
      const wallet = createWalletService({ db: database.db, clock: systemClock });
      await wallet.ensureSystemAccounts();
      return exitOnRefusal('ledger:adjust', out, async () => {
        // The command line names players; the wallet keeps money by player id (the auth module owns names).
        const playerId = await createPlayerDirectory(database.db).playerIdByUsername(player);
        if (playerId === null) throw new AppError('PLAYER_NOT_FOUND');
        const result = await wallet.adjust({
          playerId,
          amount,
          reason,
          operator,
          key: typeof options.key === 'string' ? options.key : undefined,
        });
        // The command line is an operator too: its adjustments go into the audit log (after the transfer's
        // own transaction; a crash between the two leaves the ledger_adjustments record as the trace).
        if (result.created) {
          await createAuditLog({ db: database.db, clock: systemClock, config }).record({
            actor: { operatorId: null, username: `cli:${operator}`, ip: null },
            action: 'ledger.adjust',
            target: { type: 'player', id: result.playerId },
            reason,
            after: { amount, transfer_id: result.id, key: result.key, via: 'ledger:adjust' },
          });
        }
        const balanceAfter = amount.trim().startsWith('-')
          ? result.debitBalanceAfterMicro
          : result.creditBalanceAfterMicro;
        out(
          `${result.created ? 'adjusted' : 'already recorded'}: player ${player} (id ${result.playerId}) ` +
            `${amount} USDT, transfer ${result.id} (key ${result.key}), balance after ${formatMicro(balanceAfter)}, by ${operator}: ${reason}`,
        );
        return 0;
      });
    },
  },
};
