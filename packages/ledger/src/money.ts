/**
 * Money is an integer number of micro-USDT (1 USDT = 1 000 000 micro, the 6 decimals of TRC20 USDT) held in
 * a `bigint`. No floating point value ever carries money: the wire carries decimal strings, parsed here
 * digit by digit, and the database carries `bigint` columns.
 */

export const MICRO_PER_USDT = 1_000_000n;
export const MONEY_DECIMALS = 6;
/** Decimals a balance is shown with (decision 8); always rounded down. */
export const BALANCE_DISPLAY_DECIMALS = 4;

/**
 * The largest single amount the ledger accepts: 1 000 000 000 USDT. It keeps every sum of a realistic number
 * of transfers far inside PostgreSQL's signed 64-bit `bigint` (about 9.2e18 micro).
 */
export const AMOUNT_MICRO_MAX = 1_000_000_000n * MICRO_PER_USDT;
/** Longest decimal string looked at; anything longer is refused before any arithmetic. */
const AMOUNT_TEXT_MAX = 40;

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

export type AmountProblem =
  'empty' | 'not_a_number' | 'negative' | 'too_many_decimals' | 'zero' | 'too_large';

/** Short reasons in both product languages; the error catalogue wraps them ("金额格式不正确：{reason}"). */
export const AMOUNT_PROBLEM_TEXT: Record<AmountProblem, string> = {
  empty: '金额不能为空 (amount is empty)',
  not_a_number: '金额必须是数字，例如 12.5 (amount must be a plain decimal number such as 12.5)',
  negative: '金额不能为负数 (amount must not be negative)',
  too_many_decimals: '最多6位小数 (at most 6 decimals)',
  zero: '金额必须大于0 (amount must be greater than 0)',
  too_large: '金额超出上限 (amount is too large)',
};

/**
 * The same problems in one language each, for messages shown to a player or operator in the language of the
 * request (a message mixing both reads as broken). A negative amount is told what it must be, not just refused.
 */
export const AMOUNT_PROBLEM_LOCALIZED: Record<AmountProblem, { zh: string; en: string }> = {
  empty: { zh: '金额不能为空', en: 'amount is empty' },
  not_a_number: { zh: '金额必须是数字，例如 12.5', en: 'amount must be a plain decimal number such as 12.5' },
  negative: { zh: '金额必须大于0，不能为负数', en: 'amount must be greater than 0, not negative' },
  too_many_decimals: { zh: '最多6位小数', en: 'at most 6 decimals' },
  zero: { zh: '金额必须大于0', en: 'amount must be greater than 0' },
  too_large: { zh: '金额超出上限', en: 'amount is too large' },
};

export type ParseResult =
  | { ok: true; micro: bigint }
  | {
      ok: false;
      problem: AmountProblem;
      /** Both languages in one line, for logs and the command line. */
      reason: string;
      /** One language each, as an error parameter ({ zh, en }) for messages in the request's language. */
      text: { zh: string; en: string };
    };

const fail = (problem: AmountProblem, decimals = MONEY_DECIMALS): ParseResult => {
  if (problem === 'too_many_decimals' && decimals !== MONEY_DECIMALS) {
    const text = { zh: `最多${decimals}位小数`, en: `at most ${decimals} decimals` };
    return { ok: false, problem, reason: `${text.zh} (${text.en})`, text };
  }
  return {
    ok: false,
    problem,
    reason: AMOUNT_PROBLEM_TEXT[problem],
    text: AMOUNT_PROBLEM_LOCALIZED[problem],
  };
};

/**
 * Parses a decimal USDT string ("12", "12.5", "0.000001") into micro-USDT. Refuses, with the reason: empty
 * text, signs, exponents ("1e3"), NaN/Infinity, hex, spaces inside, more than 6 decimals, and amounts above
 * AMOUNT_MICRO_MAX. Zero is refused unless `allowZero` (a transfer amount is always positive).
 */
export function parseAmount(
  input: unknown,
  opts: { allowZero?: boolean; /** At most this many decimals (default 6). */ decimals?: number } = {},
): ParseResult {
  if (typeof input !== 'string')
    return fail(input === undefined || input === null ? 'empty' : 'not_a_number');
  const text = input.trim();
  if (text === '') return fail('empty');
  if (text.length > AMOUNT_TEXT_MAX) {
    return /^\d+(\.\d+)?$/.test(text) && !text.includes('.') ? fail('too_large') : fail('not_a_number');
  }
  if (text.startsWith('-'))
    return DECIMAL_PATTERN.test(text.slice(1)) ? fail('negative') : fail('not_a_number');
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return fail('not_a_number');
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  const decimals = opts.decimals ?? MONEY_DECIMALS;
  if (fraction.length > decimals) return fail('too_many_decimals', decimals);
  const micro = BigInt(whole) * MICRO_PER_USDT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  if (micro > AMOUNT_MICRO_MAX) return fail('too_large');
  if (micro === 0n && !opts.allowZero) return fail('zero');
  return { ok: true, micro };
}

/**
 * The exact micro-USDT of a plain decimal ("12", "0.5", "-3.000001"): ASCII digits, at most 6 decimals and
 * an optional leading minus; null for anything else. It sets no bounds, so it suits sums and figures already
 * produced by the server; amounts a person or another system sends go through `parseAmount`.
 */
export function decimalToMicro(text: string): bigint | null {
  const negative = text.startsWith('-');
  const match = DECIMAL_PATTERN.exec(negative ? text.slice(1) : text);
  if (!match || (match[2] ?? '').length > MONEY_DECIMALS) return null;
  const micro = BigInt(match[1]!) * MICRO_PER_USDT + BigInt((match[2] ?? '').padEnd(MONEY_DECIMALS, '0'));
  return negative ? -micro : micro;
}

/** Parses or throws a MoneyError; for code paths where a bad amount is a programming error. */
export function toMicro(text: string): bigint {
  const parsed = parseAmount(text, { allowZero: true });
  if (!parsed.ok) throw new MoneyError(parsed.problem, parsed.reason);
  return parsed.micro;
}

export class MoneyError extends Error {
  constructor(
    readonly problem: AmountProblem,
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** Floor division for bigint (JavaScript's `/` truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * Formats micro-USDT with `decimals` decimals (0–6), rounding down (toward negative infinity), so that a
 * shown balance is never more than the real one.
 */
export function formatMicro(micro: bigint, decimals: number = MONEY_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MONEY_DECIMALS) {
    throw new RangeError(`decimals must be 0–${MONEY_DECIMALS}`);
  }
  const unit = 10n ** BigInt(MONEY_DECIMALS - decimals);
  const scaled = floorDiv(micro, unit);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** A balance as the player sees it: 4 decimals, rounded down (decision 8). */
export const formatBalance = (micro: bigint): string => formatMicro(micro, BALANCE_DISPLAY_DECIMALS);

/** An amount in full precision with an explicit sign for account-change lists ("+1.500000", "-2.000000"). */
export const formatSigned = (micro: bigint): string =>
  micro > 0n ? `+${formatMicro(micro)}` : formatMicro(micro);

/** The shortest exact decimal of an amount ("12.5", "100", "-0.000001"), as inputs and requests carry it. */
export function formatPlain(micro: bigint): string {
  return formatMicro(micro).replace(/\.?0+$/, '');
}

/**
 * Reads a number written with at most 2 decimals ("1.5", "10", "0.05") as an integer count of hundredths
 * (150, 1000, 5): a percent as basis points, a turnover multiple in hundredths. Null for anything else, so
 * that a third decimal is refused rather than misread.
 */
export function hundredthsOf(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An integer count of hundredths as its shortest decimal (150 → "1.5", 1000 → "10", 5 → "0.05"). */
export function formatHundredths(hundredths: number): string {
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = String(Math.floor(hundredths / 100));
  return fraction ? `${whole}.${fraction}` : whole;
}
