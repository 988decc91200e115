import { accept, checkFields, refuse, type Checked } from './errors';
import { BASIS_POINTS, rational, type Rational } from './money';

/**
 * Mines, as Stake publishes it: a 5×5 grid of tiles 0–24 (row by row from the top left). Mine positions
 * come from a Fisher–Yates shuffle driven by the round's floats: starting from the list 0…24, the i-th mine
 * is the tile at index floor(float_i × (25 − i)) of the tiles still in the list, which is then removed.
 * float × n is exact in a double for n ≤ 25, so every platform picks the same tiles.
 *
 * After k safe reveals with m mines the multiplier is (1 − edge) × C(25, k) / C(25 − m, k): the inverse of
 * the chance of surviving k reveals, less the edge, as an exact rational.
 */

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export interface MinesParamsInput {
  /** 1–24. */
  mines: number;
  /** Tiles the player reveals, in order, then cashes out; 1 to 25 − mines distinct tiles 0–24. */
  picks: readonly number[];
}

export interface MinesParams {
  mines: number;
  picks: number[];
}

export interface MinesOutcome {
  mines: number;
  /** Mine tiles in the order the shuffle chose them. */
  mineTiles: number[];
  picks: number[];
  /** Picks revealed before the round ended (all of them when no mine was hit). */
  safeReveals: number;
  /** The pick that hit a mine, or null when the player cashed out. */
  hitTile: number | null;
}

export const checkMinesCount = (mines: unknown): Checked<number> =>
  typeof mines === 'number' && Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX
    ? accept(mines)
    : refuse('mines_count_out_of_range');

const isTile = (tile: unknown): tile is number =>
  typeof tile === 'number' && Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES;

export const checkMinesParams = (input: unknown): Checked<MinesParams> =>
  checkFields(input, ({ mines, picks }) => {
    const count = checkMinesCount(mines);
    if (!count.ok) return count;
    if (!Array.isArray(picks) || picks.length > MINES_TILES) return refuse('picks_invalid');
    if (!picks.every(isTile)) return refuse('picks_invalid');
    if (new Set(picks).size !== picks.length) return refuse('picks_duplicate');
    if (picks.length < 1 || picks.length > MINES_TILES - count.value)
      return refuse('picks_count_out_of_range');
    return accept({ mines: count.value, picks: [...picks] });
  });

/** The mine tiles for `mines` mines from the round's first `mines` floats, in the order chosen. */
export function minePositions(floats: readonly number[], mines: number): number[] {
  if (floats.length < mines) throw new RangeError('one float per mine is needed');
  const remaining = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const chosen: number[] = [];
  for (let i = 0; i < mines; i++) {
    const index = Math.floor(floats[i]! * (MINES_TILES - i));
    chosen.push(remaining.splice(index, 1)[0]!);
  }
  return chosen;
}

/** C(n, k) as a bigint; n ≤ 25 here, so the products stay small. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** (1 − edge) × C(25, k) / C(25 − mines, k) for k = safeReveals, 0 to 25 − mines. */
export function minesMultiplier(mines: number, safeReveals: number, houseEdgeBp: number): Rational {
  if (!Number.isInteger(safeReveals) || safeReveals < 0 || safeReveals > MINES_TILES - mines) {
    throw new RangeError(`safe reveals must be 0–${MINES_TILES - mines}`);
  }
  return rational(
    BigInt(BASIS_POINTS - houseEdgeBp) * binomial(MINES_TILES, safeReveals),
    BigInt(BASIS_POINTS) * binomial(MINES_TILES - mines, safeReveals),
  );
}

/**
 * Checks one reveal of a round in play: the tile must be on the grid and not revealed yet, and the round
 * must still have a safe tile left. Answers whether the tile is safe.
 */
export function revealTile(
  mineTiles: readonly number[],
  revealed: readonly number[],
  tile: unknown,
): Checked<{ tile: number; safe: boolean }> {
  if (!isTile(tile)) return refuse('tile_out_of_range');
  if (revealed.includes(tile)) return refuse('tile_already_revealed');
  if (revealed.length >= MINES_TILES - mineTiles.length) return refuse('picks_count_out_of_range');
  return accept({ tile, safe: !mineTiles.includes(tile) });
}

export function minesOutcome(params: MinesParams, floats: readonly number[]): MinesOutcome {
  const mineTiles = minePositions(floats, params.mines);
  let safeReveals = 0;
  let hitTile: number | null = null;
  for (const pick of params.picks) {
    if (mineTiles.includes(pick)) {
      hitTile = pick;
      break;
    }
    safeReveals += 1;
  }
  return { mines: params.mines, mineTiles, picks: [...params.picks], safeReveals, hitTile };
}
