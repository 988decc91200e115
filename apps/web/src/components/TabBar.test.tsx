import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '../test/render';
import { renderWithProviders } from '../test/utils';
import { useUiStore } from '../stores/ui';
import { TabBar } from './TabBar';

afterEach(() => {
  cleanup();
  useUiStore.getState().setNewNotifications(false);
});

describe('TabBar', () => {
  it('lights a dot on 互动 when a notification comes in, and puts it out once the tab is opened', async () => {
    const { router } = renderWithProviders(<TabBar />, '/home');
    expect(screen.queryByRole('status', { name: '有新消息' })).toBeNull();
    act(() => useUiStore.getState().setNewNotifications(true));
    const dot = screen.getByRole('status', { name: '有新消息' });
    expect(dot.closest('button')?.textContent).toContain('互动');
    fireEvent.click(screen.getByText('互动'));
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/interaction');
    expect(screen.queryByRole('status', { name: '有新消息' })).toBeNull();
    expect(useUiStore.getState().newNotifications).toBe(false);
  });

  it('shows no dot for news that arrive while the player is on 互动', async () => {
    renderWithProviders(<TabBar />, '/interaction');
    act(() => useUiStore.getState().setNewNotifications(true));
    await act(async () => undefined);
    expect(screen.queryByRole('status', { name: '有新消息' })).toBeNull();
    expect(useUiStore.getState().newNotifications).toBe(false);
  });
});
