import { AdvisoryLock } from '../../db/locks';
import type { KoiModule, ModuleContext } from '../module';
import { auditRoutes } from './audit.routes';
import { createAuditLog, type AuditLog } from './audit.service';

export { auditedRows, type AuditedTable } from './audited-rows';
export { consoleAudit, createAuditLog, redact, rowHash, unkeyedRowHash } from './audit.service';
export type {
  Actor,
  AuditEntry,
  AuditLog,
  AuditPort,
  AuditWrite,
  ChainCheck,
  CheckpointResult,
} from './audit.service';

/**
 * The audit log (platform layer): every operator write and every refused attempt, append-only and hash-chained
 * (design note in audit.service.ts). Every module that changes data on an operator's word writes here through
 * an `AuditPort`; the console reads it at /api/admin/audit.
 */
export function auditModule(deps: ModuleContext): KoiModule<AuditLog> {
  const service = createAuditLog({ db: deps.database.db, clock: deps.clock, config: deps.config });
  return {
    service,
    plugin: async (app) => {
      await app.register(auditRoutes, { audit: service });
    },
    jobs: [
      {
        name: 'audit-checkpoint',
        lockId: AdvisoryLock.JOB_AUDIT_CHECKPOINT,
        everyMs: deps.config.audit.checkpointEveryMs,
        // A refused checkpoint is an alarm: thrown, it is logged as a failed job on every tick until resolved.
        async run() {
          const result = await service.checkpoint();
          if (result.problem) throw new Error(`audit checkpoint: ${result.problem}`);
          return result.written ? 1 : 0;
        },
      },
    ],
  };
}
