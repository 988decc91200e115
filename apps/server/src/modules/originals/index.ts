import type { PlayerGate } from '../auth';
import type { GamesService } from '../games';
import type { KoiModule, ModuleContext } from '../module';
import type { BetsService } from '../bets';
import { proofWire } from './originals.wire';
import { originalsRoutes } from './originals.routes';
import { createOriginalsService, type OriginalsLedger, type OriginalsService } from './originals.service';

export { proofKey, type BetProof, type OriginalsService } from './originals.service';

/** Koi's own games (dice, mines, …): provably fair outcomes, each bet one ledger transfer and one round. */
export function originalsModule(
  deps: ModuleContext<'originals'> & {
    wallet: OriginalsLedger;
    games: Pick<GamesService, 'findGame'>;
    gate: Pick<PlayerGate, 'assertMayPlay'>;
    records: Pick<BetsService, 'recordSettledRound' | 'settled' | 'provideFairness' | 'guardStake'>;
  },
): KoiModule<OriginalsService> {
  const service = createOriginalsService({
    db: deps.database.db,
    ledger: deps.wallet,
    games: deps.games,
    gate: deps.gate,
    rounds: deps.records,
    clock: deps.clock,
    ...deps.config.originals,
  });
  // The bet records show an original's fairness data beside its round; this module is their source.
  deps.records.provideFairness({
    async proofsOf(playerId, refs) {
      const proofs = await service.proofsOf(playerId, refs);
      return new Map([...proofs].map(([key, proof]) => [key, proofWire(proof)]));
    },
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(originalsRoutes, { originals: service });
    },
    jobs: [],
  };
}
