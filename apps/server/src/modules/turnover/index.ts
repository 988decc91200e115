import type { BetsService } from '../bets/bets.service';
import type { KoiModule, ModuleContext } from '../module';
import { createTurnoverService, type TurnoverService } from './turnover.service';

export type { AddRequirementInput, RequirementSource, TurnoverService } from './turnover.service';

/**
 * Turnover (流水, decision 23): the valid bets a player owes before withdrawing. Deposits and promotions add
 * requirements in the transaction of their credit; withdrawals, the player's info and the console's review
 * read what remains. It has no routes and no jobs of its own.
 */
export function turnoverModule(
  deps: ModuleContext & { records: Pick<BetsService, 'settledStakeBySegments'> },
): KoiModule<TurnoverService> {
  const service = createTurnoverService({
    db: deps.database.db,
    clock: deps.clock,
    records: deps.records,
    multiples: deps.config.withdrawals.turnover,
  });
  return { service, plugin: async () => {}, jobs: [] };
}
