import { useEffect, useRef, useState } from 'react';
import { formatBalance } from '../../../lib/format';
import { fromMicro, toMicro } from '../../money/money';

/** Spec §9: the generic count-up's defaults. */
export const COUNT_UP_DEFAULTS = { durationMs: 2500, decimals: 0, start: 0, delayMs: 0 } as const;
/** Spec §9: the balance counter counts for 1 second after a 2 second delay, with 4 decimals. */
export const BALANCE_COUNT = { durationMs: 1000, delayMs: 2000, decimals: 4 } as const;

/**
 * How long after a number is written the counter asks for its next frame, so that it shows about 30 numbers a
 * second: the timer ends after the next frame of a 60 Hz screen has begun, and the frame asked for is the one
 * after it, 33 ms after the write (25 ms at 120 Hz). Digits that change faster cannot be read, and each number
 * written is a style, layout and paint of the page's main thread: at every frame, the counter was the
 * signed-in home's largest rendering cost after its first render (about 60 frames of 3 ms each on bench:web's
 * machine, unthrottled). Nor does it ask for the frames in between and let them pass: an animation frame asked
 * for is a frame of the page the browser runs (the callback, a style pass, a pre-paint and a commit, about 1 ms
 * each in bench:web's signed-in trace), which was half the counter's main-thread time.
 */
export const COUNT_UP_WAIT_MS = 20;

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
    let pace: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      counted.current = true;
      const begin = performance.now();
      const origin = from.current;
      const tick = (now: number) => {
        const p = reduce || durationMs <= 0 ? 1 : Math.min(1, (now - begin) / durationMs);
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
        if (p < 1) pace = setTimeout(() => (frame = requestAnimationFrame(tick)), COUNT_UP_WAIT_MS);
        else setShown(v);
      };
      frame = requestAnimationFrame(tick);
    }, wait);
    return () => {
      clearTimeout(timer);
      clearTimeout(pace);
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
