import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useProgressStore } from '../stores/progress';
import './TopProgress.css';

/** How long the bar runs for a navigation that loads nothing. */
export const NAVIGATION_PROGRESS_MS = 350;

/** A thin bar at the top that runs on each navigation and while any request is in flight (spec §2, §7). */
export function TopProgress() {
  const active = useProgressStore((s) => s.active);
  const location = useLocation();

  useEffect(() => {
    const { start, done } = useProgressStore.getState();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      done();
    };
    start();
    const timer = setTimeout(finish, NAVIGATION_PROGRESS_MS);
    return () => {
      clearTimeout(timer);
      finish();
    };
  }, [location.key]);

  const running = active > 0;
  return (
    <div
      className={`top-progress${running ? ' is-running' : ''}`}
      role="progressbar"
      aria-hidden={!running}
    />
  );
}
