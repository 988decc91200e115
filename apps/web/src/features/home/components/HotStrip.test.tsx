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
  it('draws one still copy until the first screen is done, then the looping copy and the motion', () => {
    const games = [gameItem(1), gameItem(2), gameItem(3)];
    const opened: number[] = [];
    const { container } = render(<HotStrip games={games} onOpen={(g) => opened.push(g.id)} />);
    const track = () => container.querySelector('.hot-strip__track')!;

    expect(container.querySelectorAll('.hot-strip__item')).toHaveLength(3);
    expect(track().classList.contains('hot-strip__track--still')).toBe(true);

    act(() => {
      firstScreen.done = true;
      for (const listener of firstScreen.listeners) listener();
    });
    const items = container.querySelectorAll('.hot-strip__item');
    expect(items).toHaveLength(6);
    expect(track().classList.contains('hot-strip__track--still')).toBe(false);
    // The copy is for the eye only: hidden from assistive technology and out of the tab order.
    expect([...items].map((i) => i.getAttribute('aria-hidden'))).toEqual([
      'false',
      'false',
      'false',
      'true',
      'true',
      'true',
    ]);
    expect(items[4]?.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(screen.getByRole('button', { name: '游戏2' }));
    expect(opened).toEqual([2]);
  });

  it('holds the strip with placeholders while the games load, and hides it when there are none', () => {
    const { container } = render(<HotStrip games={undefined} loading onOpen={() => undefined} />);
    expect(container.querySelector('.hot-strip')?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.hot-strip__placeholder')).toHaveLength(4);
    const empty = render(<HotStrip games={[]} onOpen={() => undefined} />);
    expect(empty.container.querySelector('.hot-strip')).toBeNull();
  });
});
