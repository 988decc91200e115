import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AMOUNT_MICRO_MAX,
  decimalToMicro,
  formatBalance,
  formatHundredths,
  formatMicro,
  formatPlain,
  formatSigned,
  hundredthsOf,
  parseAmount,
  toMicro,
} from './money';

describe('parseAmount', () => {
  it.each([
    ['1', 1_000_000n],
    ['12.5', 12_500_000n],
    ['0.000001', 1n],
    ['007.10', 7_100_000n],
    [' 3 ', 3_000_000n],
    ['1000000000', AMOUNT_MICRO_MAX],
  ])('reads %j as %s micro', (text, micro) => {
    expect(parseAmount(text)).toEqual({ ok: true, micro });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0', 'zero'],
    ['0.000000', 'zero'],
    ['-1', 'negative'],
    ['-0.5', 'negative'],
    ['1.0000001', 'too_many_decimals'],
    ['1e3', 'not_a_number'],
    ['1E-3', 'not_a_number'],
    ['NaN', 'not_a_number'],
    ['Infinity', 'not_a_number'],
    ['0x10', 'not_a_number'],
    ['1,5', 'not_a_number'],
    ['+1', 'not_a_number'],
    ['.5', 'not_a_number'],
    ['5.', 'not_a_number'],
    ['1 000', 'not_a_number'],
    ['１２', 'not_a_number'],
    ['1000000000.000001', 'too_large'],
    ['99999999999999999999999999', 'too_large'],
    ['9'.repeat(60), 'too_large'],
  ])('refuses %j (%s)', (text, problem) => {
    const result = parseAmount(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toBe(problem);
      expect(result.reason.length).toBeGreaterThan(0);
    }
  });

  it('refuses values that are not strings', () => {
    expect(parseAmount(12).ok).toBe(false);
    expect(parseAmount(undefined).ok).toBe(false);
    expect(parseAmount(null).ok).toBe(false);
  });

  it('accepts zero only when asked', () => {
    expect(parseAmount('0', { allowZero: true })).toEqual({ ok: true, micro: 0n });
    expect(toMicro('0')).toBe(0n);
    expect(() => toMicro('abc')).toThrow(/number/);
  });

  it('round-trips every amount through formatMicro', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: AMOUNT_MICRO_MAX }), (micro) => {
        expect(parseAmount(formatMicro(micro))).toEqual({ ok: true, micro });
      }),
    );
  });
});

describe('formatMicro', () => {
  it('shows six decimals by default', () => {
    expect(formatMicro(0n)).toBe('0.000000');
    expect(formatMicro(1n)).toBe('0.000001');
    expect(formatMicro(12_345_678n)).toBe('12.345678');
    expect(formatMicro(-1_500_000n)).toBe('-1.500000');
  });

  it('rounds a balance down to four decimals, never up', () => {
    expect(formatBalance(12_345_678n)).toBe('12.3456');
    expect(formatBalance(99n)).toBe('0.0000');
    expect(formatBalance(999_999n)).toBe('0.9999');
    expect(formatBalance(-1n)).toBe('-0.0001');
    fc.assert(
      fc.property(fc.bigInt({ min: -AMOUNT_MICRO_MAX, max: AMOUNT_MICRO_MAX }), (micro) => {
        const shown = toMicroSigned(formatBalance(micro));
        expect(shown <= micro).toBe(true);
        expect(micro - shown < 100n).toBe(true);
      }),
    );
  });

  it('signs account changes', () => {
    expect(formatSigned(1n)).toBe('+0.000001');
    expect(formatSigned(-2_000_000n)).toBe('-2.000000');
    expect(formatSigned(0n)).toBe('0.000000');
  });

  it('refuses impossible precisions', () => {
    expect(() => formatMicro(1n, 7)).toThrow(RangeError);
  });
});

function toMicroSigned(text: string): bigint {
  return text.startsWith('-') ? -toMicro(text.slice(1)) : toMicro(text);
}

describe('decimalToMicro', () => {
  it('agrees with parseAmount on every amount parseAmount accepts, and reads the sign', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: AMOUNT_MICRO_MAX }), (micro) => {
        const text = formatMicro(micro);
        expect(decimalToMicro(text)).toBe(micro);
        expect(decimalToMicro(formatPlain(micro))).toBe(micro);
        expect(decimalToMicro(`-${text}`)).toBe(-micro);
      }),
    );
  });

  it.each(['', '-', '+1', '1.', '.5', '1e3', '1.0000001', ' 1', '0x10', '--1'])('refuses %j', (text) => {
    expect(decimalToMicro(text)).toBeNull();
  });
});

describe('formatPlain', () => {
  it.each([
    [12_500_000n, '12.5'],
    [100_000_000n, '100'],
    [0n, '0'],
    [1n, '0.000001'],
    [-1_500_000n, '-1.5'],
  ])('prints %s as %j', (micro, text) => {
    expect(formatPlain(micro)).toBe(text);
  });

  it('round-trips through parseAmount without trailing zeros', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: AMOUNT_MICRO_MAX }), (micro) => {
        const text = formatPlain(micro);
        expect(text).not.toMatch(/\.\d*0$/);
        expect(parseAmount(text)).toEqual({ ok: true, micro });
      }),
    );
  });
});

describe('hundredths', () => {
  it.each([
    ['1.5', 150],
    ['10', 1000],
    ['0.05', 5],
    ['100', 10_000],
    ['0', 0],
  ])('reads %j as %s hundredths and prints it back', (text, n) => {
    expect(hundredthsOf(text)).toBe(n);
    expect(formatHundredths(n)).toBe(text);
  });

  it.each(['0.123', '1.', '.5', '-1', '1e2', '', '1,5'])('refuses %j', (text) => {
    expect(hundredthsOf(text)).toBeNull();
  });

  it('round-trips every count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (n) => {
        expect(hundredthsOf(formatHundredths(n))).toBe(n);
      }),
    );
  });
});
