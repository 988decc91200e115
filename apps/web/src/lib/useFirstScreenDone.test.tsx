import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A loaded page whose last request finished at `lastEnd()`, read at every look so a test can move it. */
function loadedPage(lastEnd: () => number) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(
    () => [{ responseEnd: lastEnd() }] as unknown as PerformanceEntryList,
  );
  return import('./useFirstScreenDone');
}

describe('useFirstScreenDone', () => {
  it('renders a turn as a transition: what it brings may load its code while the page keeps what it shows', async () => {
    const { useFirstScreenDone } = await loadedPage(() => 0);
    // The part a turn brings suspends (its code still loading); React leaves an ordinary update's content to
    // the nearest fallback at once, a transition's it keeps on show until the part is ready.
    const loadingForever = new Promise<never>(() => {});
    function Loading(): never {
      throw loadingForever;
    }
    function Part() {
      return useFirstScreenDone() ? <Loading /> : <span>balance</span>;
    }
    render(
      <Suspense fallback={<span>fallback</span>}>
        <Part />
      </Suspense>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('balance')).toBeTruthy();
  });

  it('stays false while the page loads, turns true after the load event and a quiet moment, and stays true', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { useFirstScreenDone } = await import('./useFirstScreenDone');
    const first = renderHook(() => useFirstScreenDone());
    expect(first.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    // Nothing happens before the page's load event, however long it takes.
    expect(first.result.current).toBe(false);
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(first.result.current).toBe(true);
    // A component mounted later (the notice after a sign-in) is ready at once.
    expect(renderHook(() => useFirstScreenDone()).result.current).toBe(true);
  });

  it('waits for the app’s first render: a page loaded and idle before it is not a first screen done', async () => {
    // After a sign-in link the first render waits for the link's exchange, while start-up already asked for
    // the first screen's turn (startup.ts) and the page loaded and went idle.
    const { afterFirstScreen, useFirstScreenDone } = await loadedPage(() => 0);
    let turnCame = false;
    void afterFirstScreen().then(() => {
      turnCame = true;
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(turnCame).toBe(false);
    expect(performance.getEntriesByName('koi:first-screen-done')).toHaveLength(0);
    // The first render draws the first screen without what waits for it (the counter, the strip's loop) …
    const part = renderHook(() => useFirstScreenDone());
    expect(part.result.current).toBe(false);
    // … and its commit starts the quiet moment after which they come.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect([turnCame, part.result.current]).toEqual([true, true]);
  });

  it('lets the turns come on a screen where nothing waits for them, once the app’s root says it committed', async () => {
    const { afterFirstScreen, firstRenderCommitted } = await loadedPage(() => 0);
    let turnCame = false;
    void afterFirstScreen().then(() => {
      turnCame = true;
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(turnCame).toBe(false);
    firstRenderCommitted();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(turnCame).toBe(true);
  });

  it('gives the counter its turn after the first screen, the reminder once the page’s requests are over, then the notice', async () => {
    // The page's last request finished as the test began.
    const lastEnd = performance.now();
    const { AFTER_FIRST_SCREEN, useFirstScreenDone } = await loadedPage(() => lastEnd);
    const notice = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.notice));
    const reminder = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.reminder));
    const counter = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.counter));
    const seen: string[] = [];
    // Without requestIdleCallback (jsdom) a quiet moment is 200 ms; the reminder waits for 3 s without a
    // request finishing, so it comes at 3 s, and the notice a quiet moment later.
    for (const step of [200, 2_700, 100, 200]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(step);
      });
      seen.push([counter, reminder, notice].map((h) => (h.result.current ? '1' : '0')).join(''));
    }
    expect(seen).toEqual(['100', '100', '110', '111']);
    // A component mounted after its turn is ready at once.
    expect(renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.reminder)).result.current).toBe(true);
  });

  it('gives the balance stream its turn last, once no request of the page has finished for 3 seconds again', async () => {
    let lastEnd = performance.now();
    const { AFTER_FIRST_SCREEN, useFirstScreenDone } = await loadedPage(() => lastEnd);
    const notice = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.notice));
    const stream = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.balanceStream));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    // The reminder's turn (at 3 s) started a request, which finishes now.
    lastEnd = performance.now();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect([notice.result.current, stream.result.current]).toEqual([true, false]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    lastEnd = performance.now();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_900);
    });
    // 2.9 seconds since the last request finished: still waiting.
    expect(stream.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(stream.result.current).toBe(true);
  });

  it('gives the reminder and the balance stream their turns 15 seconds after asking however busy the page stays', async () => {
    // A request finishes all the time (pictures loading as the player scrolls).
    const { AFTER_FIRST_SCREEN, useFirstScreenDone } = await loadedPage(() => performance.now());
    const reminder = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.reminder));
    const stream = renderHook(() => useFirstScreenDone(AFTER_FIRST_SCREEN.balanceStream));
    // The first screen at 200 ms, the reminder 15 s later, the notice 200 ms after it, the stream 15 s later.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200 + 14_900);
    });
    expect(reminder.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect([reminder.result.current, stream.result.current]).toEqual([true, false]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200 + 14_700);
    });
    expect(stream.result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(stream.result.current).toBe(true);
  });
});
