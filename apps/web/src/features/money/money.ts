/**
 * Exact USDT arithmetic for the money screens (decision 8): amounts are decimal strings on the wire and
 * integer micro-USDT here, so a fee or an all-in amount is never a float.
 */
const MICRO = 1_000_000n;

/** Parses "12.5" into 12500000n; null for anything that is not a plain non-negative decimal. */
export function toMicro(value: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{0,6}))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * MICRO + BigInt((m[2] ?? '').padEnd(6, '0') || '0');
}

/** 12500000n → "12.5" (trailing zeros dropped), for inputs and requests. */
export function fromMicro(micro: bigint): string {
  const whole = micro / MICRO;
  const frac = (micro % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** The fee for an amount: fixed USDT, or a percentage rounded up to the micro (the house never under-charges). */
export function withdrawFee(amount: bigint, feeType: 'fixed' | 'ratio', fee: string): bigint {
  const f = toMicro(fee) ?? 0n;
  if (feeType === 'fixed') return f;
  // fee is a percentage with 6 decimals: amount × f / (100 × 10^6), rounded up.
  const den = 100n * MICRO;
  return (amount * f + den - 1n) / den;
}
