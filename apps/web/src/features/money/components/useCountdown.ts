import { useEffect, useState } from 'react';

/**
 * Seconds left until an ISO instant, re-rendered once a second; 0 once it has passed. The clock ticks and the
 * remaining time is derived from it, so a changed deadline needs no state reset.
 */
export function useCountdown(until: string | null | undefined): number {
  const end = until ? new Date(until).getTime() : NaN;
  const [now, setNow] = useState(() => Date.now());
  const running = !Number.isNaN(end) && end > now;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
