import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Whether the element `place` holds (from the first render on) has come near the screen: true once
 * it is within `margin` of it (an IntersectionObserver rootMargin), and from then on. Also true once
 * the person presses a key while it waits: someone who moves through the page by keyboard (Tab, find
 * in page) reaches the parts below without scrolling to them, so they must be there. Where
 * IntersectionObserver is missing, true at once.
 */
export function useNearViewport(place: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    const onKey = () => setNear(true);
    document.addEventListener('keydown', onKey, { capture: true, once: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKey, { capture: true });
    };
  }, [place, near, margin]);
  return near;
}

/**
 * A part far down a long page, drawn once the person scrolls within half a screen of it: what it
 * costs to draw first is then not spent while the page first appears on a phone. Until then an
 * empty block of the part's height (`placeholderClassName`) holds its place.
 */
export function NearViewport({
  placeholderClassName,
  children,
}: {
  placeholderClassName: string;
  children: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place, '50% 0px');
  return near ? children : <div ref={place} className={placeholderClassName} aria-hidden="true" />;
}
