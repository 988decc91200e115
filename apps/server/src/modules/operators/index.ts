import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import guardPlugin from './guard';
import { operatorsRoutes } from './operators.routes';
import { createOperatorsService } from './operators.service';

export type { OperatorsService, AuditPort, OperatorContext } from './operators.service';
export type { Actor, AuditWrite, AuditEntry } from './audit';
export { operatorOf, requires, ANY_OPERATOR, SELF, PUBLIC } from './guard';
export { originOf } from './operators.routes';
export { createAuditLog } from './audit';

/**
 * Operators, their sessions, roles and permissions, and the audit log (issue 11). `guard` must be registered
 * before any module adds /api/admin routes: it attaches each route's permission check as the route is added.
 */
export function operatorsModule(deps: { database: Database; config: Config; clock: Clock }) {
  const service = createOperatorsService({ db: deps.database.db, config: deps.config, clock: deps.clock });
  return {
    service,
    guard: async (app: FastifyInstance) => {
      await app.register(guardPlugin, { operators: service });
    },
    plugin: async (app: FastifyInstance) => {
      await app.register(operatorsRoutes, { operators: service });
    },
  };
}
