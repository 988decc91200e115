import { useEffect, useRef, useState } from 'react';
import { formatBalance } from '../../../lib/format';
import { fromMicro, toMicro } from '../../money/money';

/** Spec §9: the generic count-up's defaults. */
export const COUNT_UP_DEFAULTS = { durationMs: 2500, decimals: 0, start: 0, delayMs: 0 } as const;
/** Spec §9: the balance counter counts for 1 second after a 2 second delay, with 4 decimals. */
export const BALANCE_COUNT = { durationMs: 1000, delayMs: 2000, decimals: 4 } as const;

/**
 * The shortest time between two numbers shown: about 30 a second, half a 60 Hz screen's frames (a quarter of a
 * 120 Hz one's). Digits that change faster cannot be read, and each number written is a style, layout and
 * paint of the page's main thread: at every frame, the counter was the signed-in home's largest rendering cost
 * after its first render (about 60 frames of 3 ms each on bench:web's machine, unthrottled). Slightly under
 * 33.3 ms, so a frame that comes a little early is not skipped as well.
 */
export const COUNT_UP_FRAME_MS = 30;

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
  const span = useRef<HTMLSpanElement>(null);
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
      let written = -Infinity;
      const tick = (now: number) => {
        const p = reduce || durationMs <= 0 ? 1 : Math.min(1, (now - begin) / durationMs);
        // Between two numbers shown, frames pass untouched (the last one never does: it shows the value).
        if (p < 1 && now - written < COUNT_UP_FRAME_MS) {
          frame = requestAnimationFrame(tick);
          return;
        }
        written = now;
        const eased = 1 - Math.pow(1 - p, 3);
        const v =
          p >= 1 ? target : origin + ((target - origin) * BigInt(Math.round(eased * Number(STEPS)))) / STEPS;
        from.current = v;
        // The frames write the span's text themselves; React renders only the last one. Rendered through
        // React, each of the second's frames was a render of its own: on the signed-in home, in the
        // blocking-time window of bench:web, the counter cost more main-thread time than any other part.
        const text = p >= 1 ? formatBalance(value, decimals) : formatBalance(fromMicro(v), decimals);
        const node = span.current?.firstChild;
        if (node) node.nodeValue = text;
        if (p < 1) frame = requestAnimationFrame(tick);
        else setShown(v);
      };
      frame = requestAnimationFrame(tick);
    }, wait);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
    // value and decimals only change together with target (the text is derived from them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, durationMs, delayMs]);

  // The final frame shows the server's exact string: the animation never rounds a balance up (decision 8).
  const text = shown === target ? formatBalance(value, decimals) : formatBalance(fromMicro(shown), decimals);
  return (
    <span ref={span} className="count-up" aria-live="polite" data-testid={testId}>
      {text}
    </span>
  );
}
