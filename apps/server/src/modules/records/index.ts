import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createRecordsRepository } from './records.repository';
import { recordsRoutes } from './records.routes';
import { createRecordsService } from './records.service';

export { RoundStatus } from './records.schema';
export type { RoundChange, RoundRollback } from './records.repository';
export type { RecordsService } from './records.service';

/**
 * Bet records and reports (spec §7), and the owner of `bet_rounds`: providers and originals add money to a
 * round only through this service (`recordRound`, `markRoundRolledBack`), inside their own transaction.
 */
export function recordsModule(deps: { database: Database; clock: Clock }) {
  const service = createRecordsService({
    repo: createRecordsRepository(deps.database.db),
    clock: deps.clock,
  });
  return {
    service,
    plugin: async (app: FastifyInstance) => {
      await app.register(recordsRoutes, { records: service });
    },
  };
}
