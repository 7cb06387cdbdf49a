import { useEffect, useState, type ReactNode } from 'react';

/**
 * Whether an element has come within `margin` (a CSS length, or a percentage of the screen's height)
 * above or below the screen; from then on it stays true. Where IntersectionObserver is missing,
 * everything counts as near.
 *
 * Returns a ref callback for the element that stands in the part's place, and whether it is near.
 */
export function useNearViewport<T extends Element>(margin = '50%'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return [setElement, near];
}

/**
 * A part far down a long page, drawn once the person scrolls toward it (half a screen ahead):
 * what it costs to draw first is then not spent while the page first appears on a phone. Until
 * then an empty block of the part's height (`placeholderClassName`) holds its place.
 */
export function NearViewport({
  placeholderClassName,
  children,
}: {
  placeholderClassName: string;
  children: ReactNode;
}) {
  const [place, near] = useNearViewport<HTMLDivElement>();
  return near ? children : <div ref={place} className={placeholderClassName} aria-hidden="true" />;
}
