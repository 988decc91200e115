import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useProgressStore } from '../stores/progress';
import './TopProgress.css';

/** How long the bar runs for a navigation that loads nothing. */
export const NAVIGATION_PROGRESS_MS = 350;

/**
 * A thin bar at the top that runs on each navigation and while any request is in flight (spec §2, §7).
 *
 * The bar follows the count of running requests by itself (a store subscription that sets its class), without
 * rendering: read during render, the count changed with every request that started or finished, and one that
 * finished while React was still rendering the app's first screen in slices made React throw that render away
 * and render the whole app again at once (its rule for a store that changes during a render), a long task on
 * a slow phone.
 */
export function TopProgress() {
  const bar = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    const show = (active: number) => {
      const element = bar.current;
      if (!element) return;
      element.classList.toggle('is-running', active > 0);
      element.setAttribute('aria-hidden', String(active === 0));
    };
    show(useProgressStore.getState().active);
    return useProgressStore.subscribe((state) => show(state.active));
  }, []);

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

  return <div ref={bar} className="top-progress" role="progressbar" aria-hidden="true" />;
}
