import type { Command, CommandContext } from '../../cli/command';
import { systemClock } from '../../lib/clock';
import { createAuditLog } from './audit.service';

/** The audit log of the configured database, migrated first so a command on a fresh database finds its tables. */
async function auditLogOf({ database, config }: Pick<CommandContext, 'database' | 'config'>) {
  await database.migrate();
  return createAuditLog({ db: database.db, clock: systemClock, config });
}

export const auditCommands: Record<string, Command> = {
  'audit:verify': {
    summary:
      "Check the operator audit log: every row's keyed hash, the chain head, and the latest checkpoint of the file and the witness; exits 1 naming the first broken row",
    async run(context) {
      const { out } = context;
      const check = await (await auditLogOf(context)).verify();
      for (const note of check.notes) out(`  ${note}`);
      if (check.ok) {
        out(`audit:verify ok (${check.rows} rows)`);
        return 0;
      }
      out(`audit:verify BROKEN at row ${check.firstBadSeq}: ${check.problem}`);
      return 1;
    },
  },
  'audit:checkpoint': {
    summary:
      'Sign the audit chain head into the checkpoint file (and the witness when AUDIT_WITNESS_URL is set) now, as the server does every AUDIT_CHECKPOINT_SECONDS',
    async run(context) {
      const { config, out } = context;
      const result = await (await auditLogOf(context)).checkpoint();
      if (result.written)
        out(`audit:checkpoint row ${result.written.seq} signed into ${config.audit.checkpointFile}`);
      else if (!result.problem) out('audit:checkpoint: the head has not moved since the last checkpoint');
      if (result.problem) {
        out(`audit:checkpoint REFUSED: ${result.problem}`);
        return 1;
      }
      return 0;
    },
  },
};
