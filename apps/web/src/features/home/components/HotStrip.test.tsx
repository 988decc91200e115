import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../../test/render';
import { gameItem } from '../../../test/utils';
import { HotStrip } from './HotStrip';

// The first screen's end, under the test's control (the real one waits for the page's load and an idle moment).
const firstScreen = vi.hoisted(() => ({ done: false, listeners: new Set<() => void>() }));
vi.mock('../../../lib/useFirstScreenDone', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useFirstScreenDone: () =>
      useSyncExternalStore(
        (listener) => {
          firstScreen.listeners.add(listener);
          return () => firstScreen.listeners.delete(listener);
        },
        () => firstScreen.done,
      ),
  };
});

describe('the hot strip', () => {
  it('draws the tiles in view, still, until the first screen is done, then the whole list, the looping copy and the motion', () => {
    const games = [1, 2, 3, 4, 5, 6].map((id) => gameItem(id));
    const opened: number[] = [];
    const { container } = render(<HotStrip games={games} onOpen={(g) => opened.push(g.id)} />);
    const track = () => container.querySelector('.hot-strip__track')!;

    expect(
      [...container.querySelectorAll('.hot-strip__item')].map((i) => i.getAttribute('aria-label')),
    ).toEqual(['游戏1', '游戏2', '游戏3', '游戏4']);
    expect(track().classList.contains('hot-strip__track--still')).toBe(true);

    act(() => {
      firstScreen.done = true;
      for (const listener of firstScreen.listeners) listener();
    });
    const items = container.querySelectorAll('.hot-strip__item');
    expect(items).toHaveLength(12);
    expect(track().classList.contains('hot-strip__track--still')).toBe(false);
    // The copy is for the eye only: hidden from assistive technology and out of the tab order.
    expect([...items].map((i) => i.getAttribute('aria-hidden'))).toEqual([
      ...Array<string>(6).fill('false'),
      ...Array<string>(6).fill('true'),
    ]);
    expect(items[7]?.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(screen.getByRole('button', { name: '游戏6' }));
    expect(opened).toEqual([6]);
  });

  it('holds the strip with placeholders while the games load, and hides it when there are none', () => {
    const { container } = render(<HotStrip games={undefined} loading onOpen={() => undefined} />);
    expect(container.querySelector('.hot-strip')?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.hot-strip__placeholder')).toHaveLength(4);
    const empty = render(<HotStrip games={[]} onOpen={() => undefined} />);
    expect(empty.container.querySelector('.hot-strip')).toBeNull();
  });
});
