import { useEffect, useRef, useState, type ReactNode } from 'react';
import './Carousel.css';

/** Autoplay interval of the home banner carousel. */
export const CAROUSEL_INTERVAL_MS = 4000;

/**
 * A light carousel on native scroll snapping: the browser does the swipe physics, so no gesture library
 * ships in the initial bundle. Autoplay pauses while the player touches it and when motion is reduced.
 */
export function Carousel({ items, className }: { items: ReactNode[]; className?: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touching = useRef(false);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (items.length < 2 || reduce) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) + 1) % items.length;
      el.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length]);

  return (
    <div className={`carousel ${className ?? ''}`}>
      <div
        ref={track}
        className="carousel__track"
        onPointerDown={() => (touching.current = true)}
        onPointerUp={() => (touching.current = false)}
        onPointerCancel={() => (touching.current = false)}
      >
        {items.map((item, i) => (
          <div key={i} className="carousel__slide" aria-hidden={i !== index}>
            {item}
          </div>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="carousel__dots" aria-hidden="true">
          {items.map((_, i) => (
            <span key={i} className={i === index ? 'is-active' : undefined} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
