import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useFirstScreenDone', () => {
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
});
