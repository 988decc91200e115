import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../audit';
import type { KoiModule, ModuleContext } from '../module';
import guardPlugin from './guard';
import { operatorsRoutes } from './operators.routes';
import { createOperatorsService, type OperatorsService } from './operators.service';

export type { OperatorsService, OperatorContext } from './operators.service';
export { originOf } from './operators.routes';

/**
 * Operators, their sessions, roles and permissions (identity layer). `guard` must be registered before any
 * module adds /api/admin routes: it attaches each route's permission check as the route is added, and writes
 * every refusal to the audit log.
 */
export function operatorsModule(
  deps: ModuleContext & { audit: Pick<AuditLog, 'record'> },
): KoiModule<OperatorsService> & { guard: (app: FastifyInstance) => Promise<void> } {
  const service = createOperatorsService({
    db: deps.database.db,
    config: deps.config,
    clock: deps.clock,
    audit: deps.audit,
  });
  return {
    service,
    guard: async (app: FastifyInstance) => {
      await app.register(guardPlugin, { operators: service, audit: deps.audit });
    },
    plugin: async (app: FastifyInstance) => {
      await app.register(operatorsRoutes, { operators: service });
    },
    jobs: [],
  };
}
