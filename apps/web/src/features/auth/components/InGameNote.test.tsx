import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '../../../test/render';
import { ok, setUpScreenTests, stubFetch, testQueryClient } from '../../../test/utils';
import { InGameNote } from './RefreshBalanceButton';

const WAIT = { timeout: 5000 };

setUpScreenTests();

/**
 * A provider holding `held` until Koi recalls it (unless it does not answer recalls); `held` can be changed by
 * the test (the player plays on).
 */
function providerStub({ answersRecall = true } = {}) {
  const state = { held: '40.0000' };
  const { calls } = stubFetch((url) => {
    if (url.pathname === '/api/plat/in-game') {
      const games = state.held === '0.0000' ? [] : [{ plat_type: 12, provider: 'ky', amount: state.held }];
      return ok({ total: state.held, games });
    }
    if (url.pathname === '/api/plat/refresh') {
      if (answersRecall) state.held = '0.0000';
      return ok(true);
    }
    if (url.pathname === '/api/plat/info') return ok({ player_name: 'p', balance: '40.0000' });
    return undefined;
  });
  const recalls = () => calls.filter((c) => c.url.pathname === '/api/plat/refresh').length;
  return { state, calls, recalls };
}

function renderNote() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <InGameNote />
    </QueryClientProvider>,
  );
}

function becomeVisible() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}

describe('money in a transfer-wallet game', () => {
  it('shows 游戏中 N and recalls it once when the player returns, then the note goes', async () => {
    const { recalls } = providerStub();
    renderNote();
    expect(await screen.findByTestId('in-game', undefined, WAIT)).toHaveTextContent('游戏中 40.0000');
    await waitFor(() => expect(screen.queryByTestId('in-game')).toBeNull(), WAIT);
    expect(recalls()).toBe(1);
  });

  it('recalls again when the page becomes visible with money back in a game, but not twice for one amount', async () => {
    // The provider does not answer the recall: the money stays there and the note with it.
    const { state, recalls } = providerStub({ answersRecall: false });
    renderNote();
    expect(await screen.findByTestId('in-game', undefined, WAIT)).toHaveTextContent('游戏中 40.0000');
    await waitFor(() => expect(recalls()).toBe(1), WAIT);
    becomeVisible();
    await act(async () => new Promise((r) => setTimeout(r, 200)));
    expect(recalls()).toBe(1);
    expect(screen.getByTestId('in-game')).toHaveTextContent('游戏中 40.0000');

    // The player played on in the game's own tab: a new amount seen on return is recalled once more.
    state.held = '12.5000';
    becomeVisible();
    await waitFor(() => expect(recalls()).toBe(2), WAIT);
  });

  it('shows nothing and recalls nothing while no game holds money', async () => {
    const { state, calls, recalls } = providerStub();
    state.held = '0.0000';
    renderNote();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/plat/in-game')).toBe(true), WAIT);
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByTestId('in-game')).toBeNull();
    expect(recalls()).toBe(0);
  });
});
