import {
  checkDiceParams,
  diceMultiplier,
  diceOutcome,
  diceWins,
  type DiceOutcome,
  type DiceParams,
  type DiceParamsInput,
} from './dice';
import { accept, must, refuse, type Checked } from './errors';
import { portableHash, type FairHash } from './hash';
import {
  checkLimboParams,
  limboMultiplier,
  limboOutcome,
  limboWins,
  type LimboOutcome,
  type LimboParams,
  type LimboParamsInput,
} from './limbo';
import {
  checkMinesCount,
  checkMinesParams,
  minePositions,
  minesMultiplier,
  minesOutcome,
  type MinesOutcome,
  type MinesParams,
  type MinesParamsInput,
} from './mines';
import { applyMultiplier, checkOptions, formatRational, type GameOptions, type Rational } from './money';
import { checkSeeds, checkServerSeed, floatsUnchecked, type Seeds } from './rng';

export const GAMES = ['dice', 'limbo', 'mines'] as const;
export type GameName = (typeof GAMES)[number];

export interface ParamsInputOf {
  dice: DiceParamsInput;
  limbo: LimboParamsInput;
  mines: MinesParamsInput;
}
export interface ParamsOf {
  dice: DiceParams;
  limbo: LimboParams;
  mines: MinesParams;
}
export interface OutcomeOf {
  dice: DiceOutcome;
  limbo: LimboOutcome;
  mines: MinesOutcome;
}

/** A round's result without money: what `verify` recomputes from the revealed seed. */
export interface Play<G extends GameName> {
  game: G;
  params: ParamsOf[G];
  outcome: OutcomeOf[G];
  win: boolean;
  /** The multiplier a win pays (the bet's offer; shown for lost rounds too). */
  multiplier: Rational;
  /** Four decimals, rounded down: "1.9800". */
  multiplierText: string;
  houseEdgeBp: number;
  clientSeed: string;
  nonce: number;
  serverSeedHash: string;
}

export interface Settlement<G extends GameName> extends Play<G> {
  amountMicro: bigint;
  /** What the player receives back, stake included: 0 on a loss; rounded down; at most maxPayoutMicro. */
  payoutMicro: bigint;
  /** payout − amount. */
  profitMicro: bigint;
  /** True when the win was larger than maxPayoutMicro and was paid that much. */
  capped: boolean;
}

export interface HashOption {
  /** The hash implementation; default the portable one (runs anywhere). */
  hash?: FairHash;
}

export const isGameName = (game: unknown): game is GameName => GAMES.includes(game as GameName);

/** Checks a game's parameters as they come from the wire. */
export function checkParams<G extends GameName>(game: G, input: unknown): Checked<ParamsOf[G]> {
  if (!isGameName(game)) return refuse('game_unknown');
  switch (game) {
    case 'dice':
      return checkDiceParams(input) as Checked<ParamsOf[G]>;
    case 'limbo':
      return checkLimboParams(input) as Checked<ParamsOf[G]>;
    case 'mines':
      return checkMinesParams(input) as Checked<ParamsOf[G]>;
  }
  return refuse('game_unknown');
}

/** How many floats a round of the game consumes. */
const floatsNeeded = (game: GameName, params: ParamsOf[GameName]): number =>
  game === 'mines' ? (params as MinesParams).mines : 1;

function play<G extends GameName>(
  game: G,
  params: ParamsOf[G],
  seeds: Seeds,
  houseEdgeBp: number,
  hash: FairHash,
): Play<G> {
  const floats = floatsUnchecked(
    seeds.serverSeed,
    seeds.clientSeed,
    seeds.nonce,
    0,
    floatsNeeded(game, params),
    hash,
  );
  let outcome: OutcomeOf[GameName];
  let win: boolean;
  let multiplier: Rational;
  if (game === 'dice') {
    const dice = params as DiceParams;
    const diceResult = diceOutcome(dice, floats[0]!);
    outcome = diceResult;
    win = diceWins(dice, diceResult.rollHundredths);
    multiplier = diceMultiplier(dice, houseEdgeBp);
  } else if (game === 'limbo') {
    const limbo = params as LimboParams;
    const limboResult = limboOutcome(limbo, floats[0]!, houseEdgeBp);
    outcome = limboResult;
    win = limboWins(limbo, limboResult.resultHundredths);
    multiplier = limboMultiplier(limbo);
  } else {
    const mines = params as MinesParams;
    const minesResult = minesOutcome(mines, floats);
    outcome = minesResult;
    win = minesResult.hitTile === null;
    multiplier = minesMultiplier(mines.mines, mines.picks.length, houseEdgeBp);
  }
  return {
    game,
    params,
    outcome: outcome as OutcomeOf[G],
    win,
    multiplier,
    multiplierText: formatRational(multiplier),
    houseEdgeBp,
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    serverSeedHash: hash.sha256Hex(seeds.serverSeed),
  };
}

/** amount × multiplier rounded down, then capped at maxPayoutMicro. */
export function payoutFor(
  amountMicro: bigint,
  multiplier: Rational,
  maxPayoutMicro: bigint | undefined,
): { payoutMicro: bigint; capped: boolean } {
  const payoutMicro = applyMultiplier(amountMicro, multiplier);
  if (maxPayoutMicro !== undefined && payoutMicro > maxPayoutMicro) {
    return { payoutMicro: maxPayoutMicro, capped: true };
  }
  return { payoutMicro, capped: false };
}

/**
 * Plays one round and settles it: the outcome, the multiplier, and the payout in micro-USDT. Throws a
 * FairError (Chinese and English reason in `message`, the code in `problem`) for bad parameters, seeds,
 * amount or options. Mines here plays a whole round (reveal `picks` in order, cash out after the last);
 * a round played reveal by reveal uses `minePositions`, `revealTile` and `minesCashout`.
 */
export function settle<G extends GameName>(
  game: G,
  params: ParamsInputOf[G],
  amountMicro: bigint,
  seeds: Seeds,
  options: GameOptions & HashOption = {},
): Settlement<G> {
  if (typeof amountMicro !== 'bigint' || amountMicro <= 0n) must(refuse('amount_invalid'));
  const checkedParams = must(checkParams(game, params));
  const checkedSeeds = must(checkSeeds(seeds));
  const { houseEdgeBp, maxPayoutMicro } = must(checkOptions(options));
  const round = play(game, checkedParams, checkedSeeds, houseEdgeBp, options.hash ?? portableHash);
  const { payoutMicro, capped } = round.win
    ? payoutFor(amountMicro, round.multiplier, maxPayoutMicro)
    : { payoutMicro: 0n, capped: false };
  return { ...round, amountMicro, payoutMicro, profitMicro: payoutMicro - amountMicro, capped };
}

/** What a mines round reveal by reveal pays when the player cashes out after `safeReveals` (≥ 1) gems. */
export function minesCashout(
  amountMicro: bigint,
  mines: number,
  safeReveals: number,
  options: GameOptions = {},
): { payoutMicro: bigint; capped: boolean; multiplier: Rational } {
  if (typeof amountMicro !== 'bigint' || amountMicro <= 0n) must(refuse('amount_invalid'));
  if (!Number.isInteger(safeReveals) || safeReveals < 1) must(refuse('picks_count_out_of_range'));
  const { houseEdgeBp, maxPayoutMicro } = must(checkOptions(options));
  const multiplier = minesMultiplier(mines, safeReveals, houseEdgeBp);
  return { ...payoutFor(amountMicro, multiplier, maxPayoutMicro), multiplier };
}

/**
 * The mine tiles of a round played reveal by reveal: computed when the bet is placed, kept server-side until
 * the round ends, checked per reveal with `revealTile`, paid with `minesCashout`.
 */
export function mineTilesFor(seeds: Seeds, mines: number, hash: FairHash = portableHash): number[] {
  const checkedSeeds = must(checkSeeds(seeds));
  const count = must(checkMinesCount(mines));
  const { serverSeed, clientSeed, nonce } = checkedSeeds;
  return minePositions(floatsUnchecked(serverSeed, clientSeed, nonce, 0, count, hash), count);
}

export interface VerifyInput extends Seeds {
  /** The hash published before play; when given, the revealed server seed must match it. */
  serverSeedHash?: string;
}

/**
 * Recomputes a round from the revealed server seed: checks the seed against the published hash, then plays
 * the round again. With `amountMicro` it also recomputes the payout. Returns a refusal (never throws) so a
 * verifier screen can show the reason.
 */
export function verify<G extends GameName>(
  game: G,
  params: ParamsInputOf[G],
  input: VerifyInput,
  options: GameOptions & HashOption & { amountMicro?: bigint } = {},
): Checked<Play<G> | Settlement<G>> {
  const hash = options.hash ?? portableHash;
  const serverSeed = checkServerSeed(input.serverSeed);
  if (!serverSeed.ok) return serverSeed;
  if (input.serverSeedHash !== undefined && hash.sha256Hex(serverSeed.value) !== input.serverSeedHash) {
    return refuse('server_seed_hash_mismatch');
  }
  const checkedParams = checkParams(game, params);
  if (!checkedParams.ok) return checkedParams;
  const seeds = checkSeeds(input);
  if (!seeds.ok) return seeds;
  const checkedOptions = checkOptions(options);
  if (!checkedOptions.ok) return checkedOptions;
  if (options.amountMicro === undefined) {
    return accept(play(game, checkedParams.value, seeds.value, checkedOptions.value.houseEdgeBp, hash));
  }
  if (typeof options.amountMicro !== 'bigint' || options.amountMicro <= 0n) return refuse('amount_invalid');
  return accept(settle(game, params, options.amountMicro, seeds.value, { ...options, hash }));
}
