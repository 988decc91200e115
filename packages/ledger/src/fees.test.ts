import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { channelFeeMicro, channelPayAmount, ratioFeeMicro, withdrawalFeeMicro, type FeeRule } from './fees';
import { AMOUNT_MICRO_MAX, decimalToMicro } from './money';

const amount = fc.bigInt({ min: 0n, max: AMOUNT_MICRO_MAX });
const basisPoints = fc.integer({ min: 0, max: 10_000 });
const rateMicro = fc.bigInt({ min: 1n, max: 100_000n * 1_000_000n });
const currency = fc.constantFrom('USDT', 'CNY', 'PHP');

describe('ratioFeeMicro', () => {
  it('is the exact ratio rounded up to the micro: never less, and less than one micro more', () => {
    fc.assert(
      fc.property(amount, basisPoints, (a, bp) => {
        const fee = ratioFeeMicro(a, bp);
        const exact = a * BigInt(bp); // the fee × 10 000
        expect(fee * 10_000n >= exact).toBe(true);
        expect((fee - 1n) * 10_000n < exact).toBe(true);
      }),
    );
  });

  it('agrees with a percent read to the micro: amount × percent / 100, rounded up', () => {
    // A percent with at most 2 decimals is bp × 10^4 micro-percent; the quote on a screen may compute it so.
    fc.assert(
      fc.property(amount, basisPoints, (a, bp) => {
        const percentMicro = BigInt(bp) * 10_000n;
        const den = 100n * 1_000_000n;
        expect(ratioFeeMicro(a, bp)).toBe((a * percentMicro + den - 1n) / den);
      }),
    );
  });

  it('never exceeds the amount, and grows with the amount and the ratio', () => {
    fc.assert(
      fc.property(amount, amount, basisPoints, basisPoints, (a, b, p, q) => {
        expect(ratioFeeMicro(a, p) <= a).toBe(true);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(ratioFeeMicro(lo, p) <= ratioFeeMicro(hi, p)).toBe(true);
        expect(ratioFeeMicro(a, Math.min(p, q)) <= ratioFeeMicro(a, Math.max(p, q))).toBe(true);
      }),
    );
  });

  it.each([
    [100_000_000n, 50, 500_000n],
    [1n, 50, 1n],
    [0n, 50, 0n],
    [199n, 100, 2n],
    [200n, 100, 2n],
    [201n, 100, 3n],
  ])('%s micro at %s bp costs %s micro', (a, bp, fee) => {
    expect(ratioFeeMicro(a, bp)).toBe(fee);
  });
});

describe('withdrawalFeeMicro', () => {
  it('charges a fixed fee whatever the amount, and a ratio fee as ratioFeeMicro', () => {
    fc.assert(
      fc.property(amount, amount, basisPoints, (a, fixed, bp) => {
        expect(withdrawalFeeMicro({ kind: 'fixed', micro: fixed }, a)).toBe(fixed);
        const ratio: FeeRule = { kind: 'ratio', basisPoints: bp };
        expect(withdrawalFeeMicro(ratio, a)).toBe(ratioFeeMicro(a, bp));
      }),
    );
  });
});

describe('channelFeeMicro', () => {
  it('is the fixed part plus the ratio part', () => {
    fc.assert(
      fc.property(amount, amount, basisPoints, (a, fixed, bp) => {
        expect(channelFeeMicro({ feeFixedMicro: fixed, feeBp: bp }, a)).toBe(fixed + ratioFeeMicro(a, bp));
      }),
    );
  });
});

describe('channelPayAmount', () => {
  it("is amount × rate rounded up to the currency's decimals: never less, and less than one unit more", () => {
    fc.assert(
      fc.property(amount, rateMicro, currency, (a, rate, cur) => {
        const text = channelPayAmount(a, rate, cur);
        const decimals = cur === 'USDT' ? 4 : 2;
        expect(text).toMatch(new RegExp(`^\\d+\\.\\d{${decimals}}$`));
        // Compare in units of 10^-12 of the currency: pay × 10^12 against amount × rate.
        const pay = decimalToMicro(text)! * 1_000_000n;
        const exact = a * rate;
        const unit = 10n ** BigInt(12 - decimals);
        expect(pay >= exact).toBe(true);
        expect(pay - unit < exact).toBe(true);
      }),
    );
  });

  it.each([
    [20_000_000n, 7_250_000n, 'CNY', '145.00'],
    [1n, 7_250_000n, 'CNY', '0.01'],
    [12_345_600n, 1_000_000n, 'USDT', '12.3456'],
    [12_345_601n, 1_000_000n, 'USDT', '12.3457'],
    [0n, 7_250_000n, 'CNY', '0.00'],
  ])('%s micro at rate %s in %s is %s', (a, rate, cur, text) => {
    expect(channelPayAmount(a, rate, cur)).toBe(text);
  });
});
