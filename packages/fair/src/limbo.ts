import { accept, checkFields, refuse, type Checked } from './errors';
import { BASIS_POINTS, formatHundredths, parseHundredths, rational, type Rational } from './money';

/**
 * Limbo, as Stake publishes it:
 *
 *   floatPoint = 1e8 / (float × 1e8) × (1 − edge)
 *   result     = max(floor(floatPoint × 100) / 100, 1.00)
 *
 * The result is computed with exactly those double operations (IEEE 754 arithmetic gives the same bits on
 * every platform), so Koi agrees with the verifiers players already use even where the double rounding
 * differs from exact arithmetic. The double only decides the result, an integer of hundredths; money is
 * then computed from the player's target as an exact rational. A float of exactly 0 (probability 2^-32)
 * would be infinite; the result is capped at LIMBO_RESULT_MAX, above any target.
 *
 * The player picks a target multiplier and wins target × amount when result ≥ target.
 */

export interface LimboParamsInput {
  /** Target multiplier, 1.01–1000000, at most 2 decimals. */
  target: string | number;
}

export interface LimboParams {
  targetHundredths: number;
}

export interface LimboOutcome {
  /** The crash point in hundredths, 100 or more. */
  resultHundredths: number;
  /** "2.35". */
  result: string;
  target: string;
}

export const LIMBO_TARGET_MIN_HUNDREDTHS = 101;
export const LIMBO_TARGET_MAX_HUNDREDTHS = 100_000_000;
/** Highest result shown; targets stop at LIMBO_TARGET_MAX so this cap decides no bet. */
export const LIMBO_RESULT_MAX_HUNDREDTHS = 100_000_000;
const LIMBO_RESULT_MIN_HUNDREDTHS = 100;

export const checkLimboParams = (input: unknown): Checked<LimboParams> =>
  checkFields(input, ({ target }) => {
    const parsed = parseHundredths(target);
    if (!parsed.ok) return parsed;
    if (parsed.value < LIMBO_TARGET_MIN_HUNDREDTHS || parsed.value > LIMBO_TARGET_MAX_HUNDREDTHS) {
      return refuse('target_out_of_range');
    }
    return accept({ targetHundredths: parsed.value });
  });

/** The result in hundredths, 100–LIMBO_RESULT_MAX_HUNDREDTHS. */
export function limboResult(float: number, houseEdgeBp: number): number {
  const houseFactor = (BASIS_POINTS - houseEdgeBp) / BASIS_POINTS; // 0.99 for the default 1 %
  const floatPoint = (1e8 / (float * 1e8)) * houseFactor;
  const hundredths = Math.floor(floatPoint * 100);
  if (!(hundredths < LIMBO_RESULT_MAX_HUNDREDTHS)) return LIMBO_RESULT_MAX_HUNDREDTHS; // also catches Infinity
  return Math.max(hundredths, LIMBO_RESULT_MIN_HUNDREDTHS);
}

/** A win pays the target itself. */
export const limboMultiplier = (params: LimboParams): Rational =>
  rational(BigInt(params.targetHundredths), 100n);

export const limboWins = (params: LimboParams, resultHundredths: number): boolean =>
  resultHundredths >= params.targetHundredths;

export function limboOutcome(params: LimboParams, float: number, houseEdgeBp: number): LimboOutcome {
  const resultHundredths = limboResult(float, houseEdgeBp);
  return {
    resultHundredths,
    result: formatHundredths(resultHundredths),
    target: formatHundredths(params.targetHundredths),
  };
}
