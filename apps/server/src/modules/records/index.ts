import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import { createRecordsRepository } from './records.repository';
import { recordsRoutes } from './records.routes';
import {
  createRecordsService,
  type RecordsCatalogue,
  type RecordsProofs,
  type RecordsService,
} from './records.service';

export { RoundStatus } from './records.schema';
export type { RoundChange, RoundRollback } from './records.repository';
export type { RecordsService } from './records.service';

/**
 * Bet records and reports (spec §7), and the owner of `bet_rounds`: originals add money to a round only through
 * this service (`recordRound`, `markRoundRolledBack`), inside their own transaction. Both run this module's SQL
 * functions koi_bet_round_record and koi_bet_round_rolled_back (src/db/functions), which are also how the
 * providers' one-statement wallet call (koi_provider_wallet_call) changes a round: those two functions are the
 * records/providers boundary in SQL, and no other SQL writes bet_rounds.
 */
export function recordsModule(deps: {
  database: Database;
  clock: Clock;
  catalogue: RecordsCatalogue;
  proofs: RecordsProofs;
}): KoiModule<RecordsService> {
  const service = createRecordsService({
    repo: createRecordsRepository(deps.database.db),
    clock: deps.clock,
    catalogue: deps.catalogue,
    proofs: deps.proofs,
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(recordsRoutes, { records: service });
    },
    jobs: [],
  };
}
