/**
 * Exact USDT arithmetic for the money screens (decision 8): amounts are decimal strings on the wire and
 * integer micro-USDT here, so a fee or an all-in amount is never a float. The rules themselves (parsing, the
 * withdrawal fee, a channel's quote) are the server's own, from @koi/ledger; this file only reads the
 * contract's text fields into them.
 */
import {
  channelFeeMicro,
  channelPayAmount,
  formatPlain,
  hundredthsOf,
  parseAmount,
  withdrawalFeeMicro,
} from '@koi/ledger';

/** Parses "12.5" into 12500000n; null for anything the server would not accept as an amount (zero is fine). */
export function toMicro(value: string): bigint | null {
  const parsed = parseAmount(value, { allowZero: true });
  return parsed.ok ? parsed.micro : null;
}

/** 12500000n → "12.5" (trailing zeros dropped), for inputs and requests. */
export const fromMicro = formatPlain;

/** The fee for an amount: fixed USDT, or a percentage rounded up to the micro (the house never under-charges). */
export function withdrawFee(amount: bigint, feeType: 'fixed' | 'ratio', fee: string): bigint {
  return feeType === 'fixed'
    ? withdrawalFeeMicro({ kind: 'fixed', micro: toMicro(fee) ?? 0n }, amount)
    : withdrawalFeeMicro({ kind: 'ratio', basisPoints: hundredthsOf(fee) ?? 0 }, amount);
}

/** What a hosted channel charges for an amount, computed by the server's own rules. */
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
  const feeFixedMicro = toMicro(channel.fee_fixed);
  const feeBp = hundredthsOf(channel.fee_rate);
  const rate = toMicro(channel.rate);
  if (feeFixedMicro === null || feeBp === null || rate === null || rate === 0n) return null;
  const fee = channelFeeMicro({ feeFixedMicro, feeBp }, amount);
  return { fee, credit: amount - fee, pay: channelPayAmount(amount, rate, channel.currency) };
}
