import type { KoiModule, ModuleContext } from '../module';
import { createBetsRepository } from './bets.repository';
import { betsRoutes } from './bets.routes';
import { createBetsService, type BetsCatalogue, type BetsService, type RoundSettled } from './bets.service';

export { RoundStatus } from './bets.schema';
export type { FeedDimension, SettledRound, ValidBetRow } from './bets.repository';
export type {
  BetsService,
  FairnessSource,
  RoundFairness,
  RoundSettled,
  StakeGuard,
  StakePath,
} from './bets.service';
export { fairnessKey } from './bets.service';
export { winChanceOf } from './valid-bets';

/**
 * Bets: bet records and reports (spec §7), the owner of `bet_rounds` and of the valid-bet feed
 * (`valid_bets_daily`, valid-bets.ts). Other modules write a round only through this service, inside their own
 * transaction: originals and the transfer-wallet bet-history pull with `recordSettledRound`; the providers'
 * one-statement wallet call (koi_provider_wallet_call) through this module's SQL functions koi_bet_round_record
 * and koi_bet_round_rolled_back, the bets/providers boundary in SQL. No other SQL writes bet_rounds or the
 * feed. Writers call `settled` after their commit, which emits `bet.settled`.
 */
export function betsModule(
  deps: ModuleContext<'bets'> & {
    catalogue: BetsCatalogue;
    /** Told of each round settled or rolled back, after commit: app.ts hands it the `bet.settled` event. */
    onSettled?: (round: RoundSettled) => void;
  },
): KoiModule<BetsService> {
  const service = createBetsService({
    repo: createBetsRepository(deps.database.db),
    clock: deps.clock,
    catalogue: deps.catalogue,
    validBetMaxWinChanceBp: deps.config.bets.validBetMaxWinChanceBp,
    ...(deps.onSettled ? { onSettled: deps.onSettled } : {}),
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(betsRoutes, { records: service });
    },
    jobs: [],
  };
}
