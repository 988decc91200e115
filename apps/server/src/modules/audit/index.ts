import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import { auditRoutes } from './audit.routes';
import { createAuditLog, type AuditLog } from './audit.service';

export { consoleAudit, createAuditLog, redact, rowHash } from './audit.service';
export type { Actor, AuditEntry, AuditLog, AuditPort, AuditWrite, ChainCheck } from './audit.service';

/**
 * The audit log (platform layer): every operator write and every refused attempt, append-only and hash-chained
 * (design note in audit.service.ts). Every module that changes data on an operator's word writes here through
 * an `AuditPort`; the console reads it at /api/admin/audit.
 */
export function auditModule(deps: { database: Database; clock: Clock }): KoiModule<AuditLog> {
  const service = createAuditLog({ db: deps.database.db, clock: deps.clock });
  return {
    service,
    plugin: async (app) => {
      await app.register(auditRoutes, { audit: service });
    },
    jobs: [],
  };
}
