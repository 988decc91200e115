import { Activity, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteMeta } from '../app/meta';

/** Bound on kept views, so wandering through many screens cannot grow memory without limit. */
export const KEEP_ALIVE_MAX = 8;

/**
 * Decision 1: views whose route has no `noCache` keep their state when left and re-entered. Each visited view
 * stays mounted inside a hidden `<Activity>` (effects paused, DOM kept) and its window scroll position is
 * remembered and restored.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const key = pathname.toLowerCase();
  const [kept, setKept] = useState<Map<string, ReactNode>>(() => new Map());
  const scroll = useRef(new Map<string, number>());

  // Entering a cacheable view records its element; this is render-time derived state (React's pattern for
  // "adjusting state when a prop changes"), so the view is kept from its first frame on.
  if (!meta.noCache && !kept.has(key)) {
    const next = new Map(kept);
    next.set(key, outlet);
    while (next.size > KEEP_ALIVE_MAX) next.delete(next.keys().next().value as string);
    setKept(next);
  }

  // Which view is showing, as of the last commit. Hiding a long view shrinks the page and the browser then
  // clamps the scroll position and fires a scroll event; that event arrives after the commit but may reach
  // the outgoing view's listener before its effect is cleaned up, so listeners ignore events not meant for them.
  const active = useRef(key);

  useEffect(() => {
    const onScroll = () => {
      if (active.current === key) scroll.current.set(key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    active.current = key;
    window.scrollTo(0, scroll.current.get(key) ?? 0);
  }, [key]);

  // One keyed list, so a view keeps its identity (and state) as it moves between visible and hidden.
  const views = [...kept.keys()];
  if (!views.includes(key)) views.push(key);
  return (
    <>
      {views.map((k) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          {k === key ? outlet : kept.get(k)}
        </Activity>
      ))}
    </>
  );
}
