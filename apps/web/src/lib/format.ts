/**
 * Decision 8: balances show 4 decimals, rounded down. The wire carries a decimal string; truncating the
 * string keeps exactness (a float would round 0.99995 up).
 */
export function formatBalance(value: string | number | null | undefined, decimals = 4): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(decimals);
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  // Signed amounts on the wire ("+0.980000", "-1.000000") keep their minus; a plus is the caller's to show.
  const match = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return (0).toFixed(decimals);
  const [, rawSign, whole, frac = ''] = match;
  const sign = rawSign === '-' ? '-' : '';
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

/** Local date and time of an ISO instant, as the player reads it: 2026-11-22 14:05:09. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
