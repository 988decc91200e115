import { z } from 'zod';

/** Money in the sandbox is integer micro-USDT (6 decimals, as on TRC20) inside and decimal strings on the wire. */
export const MICRO = 1_000_000n;

export const decimalAmount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, { message: '金额格式不正确' });

export function toMicro(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * MICRO + BigInt(frac.padEnd(6, '0'));
}

/** `12500000n` → `"12.5"`: the shortest exact decimal, never a float. */
export function fromMicro(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const frac = (abs % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / MICRO}${frac ? `.${frac}` : ''}`;
}
