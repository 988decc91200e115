import { useEffect, useRef, useState } from 'react';
import { formatBalance } from '../../../lib/format';
import './CountUp.css';

/** Spec §9: the balance counts up over 1 second with 4 decimals. */
export const BALANCE_COUNT_MS = 1000;

export function CountUp({
  value,
  decimals = 4,
  durationMs = BALANCE_COUNT_MS,
}: {
  value: string;
  decimals?: number;
  durationMs?: number;
}) {
  const target = Number(value) || 0;
  const [shown, setShown] = useState(0);
  const from = useRef(0);

  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const tick = (now: number) => {
      const p = reduce || durationMs <= 0 ? 1 : Math.min(1, (now - start) / durationMs);
      const eased = 1 - Math.pow(1 - p, 3);
      const v = p >= 1 ? target : origin + (target - origin) * eased;
      setShown(v);
      from.current = v;
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  // The final frame shows the server's exact string: the animation never rounds a balance up (decision 8).
  const text = shown === target ? formatBalance(value, decimals) : formatBalance(shown.toFixed(8), decimals);
  return (
    <span className="count-up" aria-live="polite" data-testid="balance">
      {text}
    </span>
  );
}
