import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import { createBetsRepository } from './bets.repository';
import { betsRoutes } from './bets.routes';
import { createBetsService, type BetsCatalogue, type BetsService } from './bets.service';

export { RoundStatus } from './bets.schema';
export type { RoundChange, RoundRollback } from './bets.repository';
export type { BetsService, FairnessSource, RoundFairness } from './bets.service';
export { fairnessKey } from './bets.service';

/**
 * Bets: bet records and reports (spec §7), and the owner of `bet_rounds`: originals add money to a round only through
 * this service (`recordRound`, `markRoundRolledBack`), inside their own transaction. Both run this module's SQL
 * functions koi_bet_round_record and koi_bet_round_rolled_back (bets/sql), which are also how the
 * providers' one-statement wallet call (koi_provider_wallet_call) changes a round: those two functions are the
 * bets/providers boundary in SQL, and no other SQL writes bet_rounds.
 */
export function betsModule(deps: {
  database: Database;
  clock: Clock;
  catalogue: BetsCatalogue;
}): KoiModule<BetsService> {
  const service = createBetsService({
    repo: createBetsRepository(deps.database.db),
    clock: deps.clock,
    catalogue: deps.catalogue,
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(betsRoutes, { records: service });
    },
    jobs: [],
  };
}
