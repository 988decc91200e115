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
  const shown = useRef(0);
  const touching = useRef(false);

  // The slide on show is the one mostly inside the track, as the browser's intersection observer reports it
  // after its own layout. Read from the scroll position on every scroll event instead, each of the autoplay's
  // smooth-scroll frames made the browser lay the page out again at once (a forced layout), several times a
  // second, every four seconds, for as long as the home page was open.
  useEffect(() => {
    const el = track.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          shown.current = Number((entry.target as HTMLElement).dataset.slide);
          setIndex(shown.current);
        }
      },
      { root: el, threshold: 0.6 },
    );
    for (const slide of el.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [items.length]);

  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (items.length < 2 || reduce) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden) return;
      const next = (shown.current + 1) % items.length;
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
          <div key={i} className="carousel__slide" data-slide={i} aria-hidden={i !== index}>
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
