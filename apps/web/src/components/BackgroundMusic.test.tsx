import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../stores/ui';
import { act, render } from '../test/render';
import { BackgroundMusic, MUSIC_SRC } from './BackgroundMusic';

class FakeAudio {
  static made: FakeAudio[] = [];
  loop = false;
  volume = 1;
  paused = true;
  constructor(readonly src: string) {
    FakeAudio.made.push(this);
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

describe('background music', () => {
  beforeEach(() => {
    FakeAudio.made = [];
    vi.stubGlobal('Audio', FakeAudio);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for a gesture, then loops at volume 0.5, and pauses when muted', () => {
    useUiStore.setState({ muted: false });
    render(<BackgroundMusic />);
    expect(FakeAudio.made).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    const audio = FakeAudio.made[0]!;
    expect(audio.src).toBe(MUSIC_SRC);
    expect(audio.loop).toBe(true);
    expect(audio.volume).toBe(0.5);
    expect(audio.paused).toBe(false);
    act(() => useUiStore.getState().toggleMuted());
    expect(audio.paused).toBe(true);
    expect(localStorage.getItem('koi_muted')).toBe('1');
  });

  it('stays silent after a gesture when muted', () => {
    useUiStore.setState({ muted: true });
    render(<BackgroundMusic />);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(FakeAudio.made).toHaveLength(0);
  });
});
