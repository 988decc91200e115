import { accept, refuse, type Checked } from './errors';

/**
 * Money is integer micro-USDT in a bigint (the convention of `@koi/ledger`); multipliers are exact rationals
 * of bigints, and a payout is `floor(amount × numerator / denominator)`: rounded down to the micro unit, so
 * the house never pays a fraction of a micro it did not win. Targets and results are integers counted in
 * hundredths (`4950` is 49.50) so that no float ever decides who wins.
 */

export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

/** 10 000 basis points are 100 %. */
export const BASIS_POINTS = 10_000;
/** The default house edge, 1 % (decision 16 leaves it configurable). */
export const HOUSE_EDGE_BP_DEFAULT = 100;
/** A bound on the configuration, so a typo cannot make a game that returns nothing. */
export const HOUSE_EDGE_BP_MAX = 5_000;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function rational(numerator: bigint, denominator: bigint): Rational {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** amount × multiplier, rounded down to the micro unit. */
export function applyMultiplier(amountMicro: bigint, multiplier: Rational): bigint {
  return (amountMicro * multiplier.numerator) / multiplier.denominator;
}

/** A non-negative rational as a decimal with `decimals` places, rounded down ("1.9800"). */
export function formatRational(value: Rational, decimals = 4): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (value.numerator * scale) / value.denominator;
  return formatScaled(scaled, decimals);
}

/** A count of hundredths as a decimal: 4950 → "49.50". */
export const formatHundredths = (hundredths: number): string => formatScaled(BigInt(hundredths), 2);

function formatScaled(scaled: bigint, decimals: number): string {
  const digits = scaled.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  return `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
}

const HUNDREDTHS_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * Reads a target such as "49.5", "2", 1.01 as a count of hundredths. Numbers are read through their
 * shortest decimal text, so 0.1 + 0.2 (0.30000000000000004) is refused instead of rounded.
 */
export function parseHundredths(input: unknown): Checked<number> {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refuse('target_format');
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return refuse('target_format');
  }
  const match = HUNDREDTHS_PATTERN.exec(text);
  if (!match) return refuse('target_format');
  return accept(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

export interface GameOptions {
  /** House edge in basis points, 0–HOUSE_EDGE_BP_MAX; default 100 (1 %). */
  houseEdgeBp?: number;
  /** The most one bet may pay out (micro-USDT); a larger win is paid this much and marked `capped`. */
  maxPayoutMicro?: bigint;
}

export interface CheckedOptions {
  houseEdgeBp: number;
  maxPayoutMicro: bigint | undefined;
}

export function checkOptions(options: GameOptions = {}): Checked<CheckedOptions> {
  const houseEdgeBp = options.houseEdgeBp ?? HOUSE_EDGE_BP_DEFAULT;
  if (!Number.isInteger(houseEdgeBp) || houseEdgeBp < 0 || houseEdgeBp > HOUSE_EDGE_BP_MAX) {
    return refuse('house_edge_invalid');
  }
  const maxPayoutMicro = options.maxPayoutMicro;
  if (maxPayoutMicro !== undefined && (typeof maxPayoutMicro !== 'bigint' || maxPayoutMicro <= 0n)) {
    return refuse('max_payout_invalid');
  }
  return accept({ houseEdgeBp, maxPayoutMicro });
}
