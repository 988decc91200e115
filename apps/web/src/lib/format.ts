/**
 * Decision 8: balances show 4 decimals, rounded down. The wire carries a decimal string; truncating the
 * string keeps exactness (a float would round 0.99995 up).
 */
export function formatBalance(value: string | number | null | undefined, decimals = 4): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(decimals);
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return (0).toFixed(decimals);
  const [, sign, whole, frac = ''] = match;
  const fraction = frac.padEnd(decimals, '0').slice(0, decimals);
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Spec §3: relative image paths get the image base; absolute URLs stay; empty gets the placeholder. */
export const IMAGE_BASE = import.meta.env.VITE_IMAGE_BASE ?? '';
export const PLACEHOLDER_IMAGE = '/assets/games/placeholder.svg';

export function imageUrl(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (path.includes('http') || path.startsWith('data:')) return path;
  return `${IMAGE_BASE}${path}`;
}
