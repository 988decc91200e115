import { formatBalance } from '../../../lib/format';

/** A signed amount: green when the player gained, red when they lost, 4 decimals rounded down (decision 8). */
export function Money({ value, signed = true }: { value: string; signed?: boolean }) {
  const n = Number(value);
  const cls = !signed || n === 0 ? '' : n > 0 ? 'money--up' : 'money--down';
  const text = formatBalance(value);
  return <span className={cls}>{signed && n > 0 ? `+${text}` : text}</span>;
}
