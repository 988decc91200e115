import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '../../../test/render';
import { ok, renderRoutes, setUpScreenTests, stubFetch } from '../../../test/utils';
import { dueSummary } from '../dueSummary.fixture';
import { RealityCheck } from './RealityCheck';

// The dialog's code cannot be fetched (the phone is offline when the reminder is due).
vi.mock('./RealityCheckDialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

setUpScreenTests();
afterEach(() => vi.useRealTimers());

describe('reality check without its dialog code', () => {
  it('shows nothing and tries again a minute later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/plat/session-summary'
        ? ok(dueSummary(now)) // due in 300 ms
        : undefined,
    );
    const summaries = () => calls.filter((c) => c.url.pathname === '/api/plat/session-summary').length;
    renderRoutes([{ path: '/', element: <RealityCheck /> }]);
    // The first load, then the due reminder's fresh read, whose dialog code fails to load.
    await waitFor(() => expect(summaries()).toBe(2), { timeout: 5000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    // Not given up: a minute later the reminder reads the figures and asks for the code again.
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(summaries()).toBe(3), { timeout: 5000 });
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
