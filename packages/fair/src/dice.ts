import { accept, checkFields, refuse, type Checked } from './errors';
import { BASIS_POINTS, formatHundredths, parseHundredths, rational, type Rational } from './money';

/**
 * Dice, as Stake publishes it: roll = floor(float × 10001) / 100, a number from 0.00 to 100.00 (10 001
 * values). The player picks a target and a direction: `over` wins when roll > target, `under` when
 * roll < target. The shown win chance is 100 − target (over) or target (under) percent, and the multiplier
 * is (1 − edge) / chance.
 *
 * float × 10001 is exact in a double (float = n / 2^32, and n × 10001 < 2^46), so the roll is the same
 * integer on every platform and in every verifier.
 */

export type DiceDirection = 'over' | 'under';

export interface DiceParamsInput {
  /** 0.01–98.00 for `under`, 2.00–99.99 for `over`; at most 2 decimals. */
  target: string | number;
  direction: DiceDirection;
}

export interface DiceParams {
  targetHundredths: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  /** 0–10000, the roll in hundredths. */
  rollHundredths: number;
  /** "0.00"–"100.00". */
  roll: string;
  target: string;
  direction: DiceDirection;
  /** Percent, "49.50". */
  winChance: string;
}

export const DICE_ROLL_VALUES = 10_001;
/** Win chance bounds in hundredths of a percent: 0.01 % to 98 %. */
export const DICE_WIN_CHANCE_MIN = 1;
export const DICE_WIN_CHANCE_MAX = 9_800;
const ROLL_MAX_HUNDREDTHS = 10_000;

export const checkDiceParams = (input: unknown): Checked<DiceParams> =>
  checkFields(input, ({ target, direction }) => {
    if (direction !== 'over' && direction !== 'under') return refuse('direction_invalid');
    const parsed = parseHundredths(target);
    if (!parsed.ok) return parsed;
    const params: DiceParams = { targetHundredths: parsed.value, direction };
    const chance = diceWinChance(params);
    if (chance < DICE_WIN_CHANCE_MIN || chance > DICE_WIN_CHANCE_MAX) return refuse('target_out_of_range');
    return accept(params);
  });

/** The roll in hundredths, 0–10000. */
export const diceRoll = (float: number): number => Math.floor(float * DICE_ROLL_VALUES);

/** Shown win chance in hundredths of a percent (4950 is 49.50 %). */
export const diceWinChance = (params: DiceParams): number =>
  params.direction === 'over' ? ROLL_MAX_HUNDREDTHS - params.targetHundredths : params.targetHundredths;

/** (1 − edge) / chance = (10000 − edge_bp) / chance_hundredths_of_a_percent. */
export function diceMultiplier(params: DiceParams, houseEdgeBp: number): Rational {
  return rational(BigInt(BASIS_POINTS - houseEdgeBp), BigInt(diceWinChance(params)));
}

export const diceWins = (params: DiceParams, rollHundredths: number): boolean =>
  params.direction === 'over'
    ? rollHundredths > params.targetHundredths
    : rollHundredths < params.targetHundredths;

export function diceOutcome(params: DiceParams, float: number): DiceOutcome {
  const rollHundredths = diceRoll(float);
  return {
    rollHundredths,
    roll: formatHundredths(rollHundredths),
    target: formatHundredths(params.targetHundredths),
    direction: params.direction,
    winChance: formatHundredths(diceWinChance(params)),
  };
}
