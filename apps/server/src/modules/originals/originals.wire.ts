import type { OriginalOutcome } from '@koi/contract';
import type { DiceOutcome, LimboOutcome, MinesOutcome, OutcomeOf } from '@koi/fair';
import { formatBalance, formatMicro, formatSigned } from '@koi/ledger';
import type { RoundFairness } from '../bets';
import type { BetProof, OriginalBet, Seed } from './originals.service';

/**
 * The one place where the originals' camelCase domain values become the snake_case wire (decision 3).
 * Outcomes are stored as @koi/fair computes them (camelCase, so a verifier recomputes and compares them
 * as they are); only the answer a player receives is renamed.
 */
export function outcomeToWire(outcome: OutcomeOf[keyof OutcomeOf]): OriginalOutcome {
  if ('mineTiles' in outcome) {
    const o: MinesOutcome = outcome;
    return {
      mines: o.mines,
      mine_tiles: o.mineTiles,
      picks: o.picks,
      safe_reveals: o.safeReveals,
      hit_tile: o.hitTile,
    };
  }
  if ('rollHundredths' in outcome) {
    const o: DiceOutcome = outcome;
    return {
      roll_hundredths: o.rollHundredths,
      roll: o.roll,
      target: o.target,
      direction: o.direction,
      win_chance: o.winChance,
    };
  }
  const o: LimboOutcome = outcome;
  return { result_hundredths: o.resultHundredths, result: o.result, target: o.target };
}

export const fairnessToWire = (seed: Pick<Seed, 'serverSeedHash' | 'clientSeed'>, nonce: number) => ({
  server_seed_hash: seed.serverSeedHash,
  client_seed: seed.clientSeed,
  nonce,
});

export function betToWire(bet: OriginalBet) {
  return {
    bet_id: bet.id,
    game: bet.game,
    amount: formatMicro(bet.amountMicro),
    payout: formatMicro(bet.payoutMicro),
    profit: formatSigned(bet.payoutMicro - bet.amountMicro),
    win: bet.win,
    multiplier: bet.multiplierText,
    outcome: outcomeToWire(bet.outcome),
    balance: formatBalance(bet.balanceAfterMicro),
    fairness: fairnessToWire(bet.seed, bet.nonce),
    created_at: bet.createdAt.toISOString(),
  };
}

export const seedsToWire = (current: Seed) => ({ current: fairnessToWire(current, current.nextNonce) });

export const rotationToWire = (r: { previous: Seed; current: Seed }) => ({
  previous: {
    server_seed: r.previous.serverSeed,
    server_seed_hash: r.previous.serverSeedHash,
    client_seed: r.previous.clientSeed,
    bets: r.previous.nextNonce,
  },
  current: fairnessToWire(r.current, r.current.nextNonce),
});

/** An original's bet as its round's fairness data in the bet records (the bets module shows it as it is). */
export const proofWire = (proof: BetProof): RoundFairness => ({
  game: proof.game,
  params: proof.params,
  outcome: outcomeToWire(proof.outcome),
  multiplier: proof.multiplier,
  server_seed_hash: proof.serverSeedHash,
  client_seed: proof.clientSeed,
  nonce: proof.nonce,
  server_seed: proof.serverSeed,
});
