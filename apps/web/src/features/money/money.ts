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

/** What a hosted channel charges for an amount, computed as the server does (channels.service feeOf/payAmountOf). */
export type ChannelQuote = { fee: bigint; credit: bigint; pay: string };

/**
 * The fee (fixed USDT plus a percentage rounded up to the micro), what is credited (amount − fee), and what
 * the channel's page asks for in its currency (amount × rate, rounded up to 2 decimals for fiat, 4 for USDT).
 * Null when the channel's numbers are not plain decimals.
 */
export function channelQuote(
  amount: bigint,
  channel: { fee_fixed: string; fee_rate: string; rate: string; currency: string },
): ChannelQuote | null {
  const fixed = toMicro(channel.fee_fixed);
  const rate = toMicro(channel.rate);
  if (fixed === null || rate === null || rate === 0n) return null;
  const fee = fixed + withdrawFee(amount, 'ratio', channel.fee_rate);
  const decimals = channel.currency === 'USDT' ? 4 : 2;
  const unit = 10n ** BigInt(6 - decimals);
  const exact = (amount * rate + MICRO - 1n) / MICRO;
  const rounded = ((exact + unit - 1n) / unit) * unit;
  const text = `${rounded / MICRO}.${(rounded % MICRO).toString().padStart(6, '0').slice(0, decimals)}`;
  return { fee, credit: amount - fee, pay: text };
}
