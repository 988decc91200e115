import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '../../../test/render';
import { BALANCE_COUNT, CountUp } from './CountUp';

// Timers, animation frames and the clock move only when the test says so.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  });
});
// A spy on a faked function wraps that test's clock; each test's clock is a new one.
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('CountUp (spec §9)', () => {
  it('defaults to 2.5 s, no decimals and a start at 0', async () => {
    render(<CountUp value="1000" testId="n" />);
    expect(screen.getByTestId('n')).toHaveTextContent(/^0$/);
    await advance(1250);
    const mid = Number(screen.getByTestId('n').textContent);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1000);
    expect(screen.getByTestId('n').textContent).not.toContain('.');
    await advance(1300);
    expect(screen.getByTestId('n')).toHaveTextContent(/^1,000$/);
  });

  it('counts the balance for 1 s after a 2 s delay with 4 decimals, ending on the exact value', async () => {
    render(<CountUp value="12.3456" {...BALANCE_COUNT} testId="n" />);
    await advance(1900);
    expect(screen.getByTestId('n')).toHaveTextContent(/^0\.0000$/);
    await advance(600);
    const mid = Number(screen.getByTestId('n').textContent);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(12.3456);
    await advance(600);
    expect(screen.getByTestId('n')).toHaveTextContent(/^12\.3456$/);
  });

  it('shows about 30 numbers a second, not one at every frame, and ends on the value', async () => {
    render(<CountUp value="1000" durationMs={1000} testId="n" />);
    const node = screen.getByTestId('n');
    const shown: string[] = [];
    const watch = new MutationObserver(() => shown.push(node.textContent ?? ''));
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    watch.observe(node, { characterData: true, subtree: true, childList: true });
    // 60 frames a second (vitest's fake animation frames come every 16 ms).
    for (let t = 0; t < 1100; t += 16) await advance(16);
    watch.disconnect();
    expect(node).toHaveTextContent(/^1,000$/);
    // About 30 in the second (at every frame it was 60 or more), and still smooth: 20 at least.
    expect(shown.length).toBeGreaterThanOrEqual(20);
    expect(shown.length).toBeLessThanOrEqual(36);
    // Nor does it ask for the frames in between (each one asked for is a frame the browser runs): one frame a
    // number shown (asked for at every frame, letting every other pass, it was 63).
    expect(frames.mock.calls.length).toBeLessThanOrEqual(shown.length + 1);
    // Never going back, and never past the value on the way.
    const numbers = shown.map((text) => Number(text.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(Math.max(...numbers)).toBe(1000);
  });

  it('counts a later change at once, from the number shown', async () => {
    const { rerender } = render(<CountUp value="10" {...BALANCE_COUNT} testId="n" />);
    await advance(3100);
    expect(screen.getByTestId('n')).toHaveTextContent('10.0000');
    rerender(<CountUp value="9.5" {...BALANCE_COUNT} testId="n" />);
    await advance(1100);
    expect(screen.getByTestId('n')).toHaveTextContent(/^9\.5000$/);
  });
});
