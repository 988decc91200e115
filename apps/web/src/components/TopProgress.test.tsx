import { Profiler } from 'react';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '../test/render';
import { renderWithProviders } from '../test/utils';
import { useProgressStore } from '../stores/progress';
import { NAVIGATION_PROGRESS_MS, TopProgress } from './TopProgress';

describe('TopProgress', () => {
  // The store is the app's own, shared with the other component tests of this worker: each starts from none.
  beforeEach(() => useProgressStore.setState({ active: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    useProgressStore.setState({ active: 0 });
  });

  it('runs for a navigation and while requests are in flight, without rendering for each request', async () => {
    vi.useFakeTimers();
    let renders = 0;
    renderWithProviders(
      <Profiler id="bar" onRender={() => (renders += 1)}>
        <TopProgress />
      </Profiler>,
    );
    const bar = screen.getByRole('progressbar', { hidden: true });
    // The navigation that mounted it.
    expect(bar).toHaveClass('is-running');
    expect(bar).toHaveAttribute('aria-hidden', 'false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NAVIGATION_PROGRESS_MS);
    });
    expect(bar).not.toHaveClass('is-running');
    expect(bar).toHaveAttribute('aria-hidden', 'true');

    const rendersBefore = renders;
    const { start, done } = useProgressStore.getState();
    act(() => {
      start();
      start();
    });
    expect(bar).toHaveClass('is-running');
    act(() => done());
    expect(bar).toHaveClass('is-running');
    act(() => done());
    expect(bar).not.toHaveClass('is-running');
    // Two requests started and finished: the bar followed them, and React rendered nothing.
    expect(renders).toBe(rendersBefore);
  });
});
