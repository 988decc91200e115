/** An amount without its trailing zeros ("20000.000000" → "20000", "0.300000" → "0.3"), for tables of round sums. */
export function plain(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

/** What remains from `have` to `need`, both decimal strings with up to 6 decimals, as a plain decimal. */
export function remaining(need: string, have: string): string {
  const micro = (s: string) => {
    const [whole = '0', frac = ''] = s.split('.');
    return BigInt(whole) * 1_000_000n + BigInt((frac + '000000').slice(0, 6));
  };
  const left = micro(need) - micro(have);
  if (left <= 0n) return '0';
  const text = `${left / 1_000_000n}.${(left % 1_000_000n).toString().padStart(6, '0')}`;
  return plain(text);
}
