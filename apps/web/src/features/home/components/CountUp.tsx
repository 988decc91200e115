import { useEffect, useRef, useState } from 'react';
import { formatBalance } from '../../../lib/format';
import { fromMicro, toMicro } from '../../money/money';

/** Spec §9: the generic count-up's defaults. */
export const COUNT_UP_DEFAULTS = { durationMs: 2500, decimals: 0, start: 0, delayMs: 0 } as const;
/** Spec §9: the balance counter counts for 1 second after a 2 second delay, with 4 decimals. */
export const BALANCE_COUNT = { durationMs: 1000, delayMs: 2000, decimals: 4 } as const;

/** Steps of the eased progress, as an integer fraction so that the counted amount stays integer micro-USDT. */
const STEPS = 1_000_000n;
const micro = (v: string | number) => toMicro(String(v)) ?? 0n;

/**
 * Counts from `start` up (or down) to `value`. Every frame is computed in integer micro-USDT (decision 8: no
 * float ever holds a balance, not even in an animation). The delay applies to the first count only: a later change (a bet,
 * a refresh) counts on from the number shown without waiting, so a new balance is never held back.
 */
export function CountUp({
  value,
  decimals = COUNT_UP_DEFAULTS.decimals,
  durationMs = COUNT_UP_DEFAULTS.durationMs,
  start = COUNT_UP_DEFAULTS.start,
  delayMs = COUNT_UP_DEFAULTS.delayMs,
  testId,
}: {
  value: string;
  decimals?: number;
  durationMs?: number;
  start?: number;
  delayMs?: number;
  testId?: string;
}) {
  const target = micro(value);
  const [shown, setShown] = useState(() => micro(start));
  const from = useRef(micro(start));
  const counted = useRef(false);

  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const wait = counted.current || reduce ? 0 : delayMs;
    let frame = 0;
    const timer = setTimeout(() => {
      counted.current = true;
      const begin = performance.now();
      const origin = from.current;
      const tick = (now: number) => {
        const p = reduce || durationMs <= 0 ? 1 : Math.min(1, (now - begin) / durationMs);
        const eased = 1 - Math.pow(1 - p, 3);
        const v =
          p >= 1 ? target : origin + ((target - origin) * BigInt(Math.round(eased * Number(STEPS)))) / STEPS;
        setShown(v);
        from.current = v;
        if (p < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }, wait);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs, delayMs]);

  // The final frame shows the server's exact string: the animation never rounds a balance up (decision 8).
  const text = shown === target ? formatBalance(value, decimals) : formatBalance(fromMicro(shown), decimals);
  return (
    <span className="count-up" aria-live="polite" data-testid={testId}>
      {text}
    </span>
  );
}
