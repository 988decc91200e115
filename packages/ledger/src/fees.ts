/**
 * The money rules the player sees before the server applies them: the withdrawal fee, and what a hosted
 * payment channel charges and credits. The server charges with these functions and the player app quotes
 * with the same ones, so a quote can never disagree with the charge.
 */
import { LEDGER_CURRENCY } from './codes';
import { formatMicro, MICRO_PER_USDT, MONEY_DECIMALS } from './money';

/** A fee set as a fixed amount in micro-USDT, or as a ratio of the amount in basis points (1/100 of a percent). */
export type FeeRule = { kind: 'fixed'; micro: bigint } | { kind: 'ratio'; basisPoints: number };

/** A ratio of an amount in basis points, rounded up to the micro so that the platform never charges less. */
export function ratioFeeMicro(amountMicro: bigint, basisPoints: number): bigint {
  return (amountMicro * BigInt(basisPoints) + 9_999n) / 10_000n;
}

/** The withdrawal fee for an amount under the configured rule. */
export function withdrawalFeeMicro(rule: FeeRule, amountMicro: bigint): bigint {
  return rule.kind === 'fixed' ? rule.micro : ratioFeeMicro(amountMicro, rule.basisPoints);
}

/** A payment channel's fee: its fixed part plus its ratio of the amount, rounded up to the micro. */
export function channelFeeMicro(
  channel: { feeFixedMicro: bigint; feeBp: number },
  amountMicro: bigint,
): bigint {
  return channel.feeFixedMicro + ratioFeeMicro(amountMicro, channel.feeBp);
}

/** Decimals a channel's currency is charged in: USDT keeps 4 (channel amounts have at most 4), fiat 2. */
export const channelCurrencyDecimals = (currency: string): number => (currency === LEDGER_CURRENCY ? 4 : 2);

/**
 * What a channel's page asks the player to pay for a USDT amount: amount × rate (the rate in micro-units of
 * the channel's currency per USDT), rounded up to the currency's decimals so that the platform is never short.
 */
export function channelPayAmount(amountMicro: bigint, rateMicro: bigint, currency: string): string {
  const decimals = channelCurrencyDecimals(currency);
  const unit = 10n ** BigInt(MONEY_DECIMALS - decimals);
  const exact = (amountMicro * rateMicro + MICRO_PER_USDT - 1n) / MICRO_PER_USDT;
  const rounded = ((exact + unit - 1n) / unit) * unit;
  return formatMicro(rounded, decimals);
}
