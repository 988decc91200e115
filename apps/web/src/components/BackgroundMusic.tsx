import { useEffect, useRef } from 'react';
import { useUiStore } from '../stores/ui';

export const MUSIC_SRC = '/assets/audio/bgm.ogg';
/** Spec §9: the background track loops at volume 0.5. */
export const MUSIC_VOLUME = 0.5;

/**
 * Browsers refuse audio before a user gesture, so the track starts on the first tap or key press, and only
 * when the player has not muted it. Muting pauses at once; unmuting resumes.
 */
export function BackgroundMusic() {
  const muted = useUiStore((s) => s.muted);
  const audio = useRef<HTMLAudioElement | null>(null);
  const gestured = useRef(false);

  useEffect(() => {
    const onGesture = () => {
      gestured.current = true;
      if (useUiStore.getState().muted) return;
      audio.current ??= Object.assign(new Audio(MUSIC_SRC), { loop: true, volume: MUSIC_VOLUME });
      void audio.current.play().catch(() => undefined);
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    };
    window.addEventListener('pointerdown', onGesture);
    window.addEventListener('keydown', onGesture);
    return () => {
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    };
  }, []);

  useEffect(() => {
    if (muted) audio.current?.pause();
    else if (gestured.current) {
      audio.current ??= Object.assign(new Audio(MUSIC_SRC), { loop: true, volume: MUSIC_VOLUME });
      void audio.current.play().catch(() => undefined);
    }
  }, [muted]);

  return null;
}
