import { useEffect, useState, type ReactNode } from 'react';

/**
 * A part far down a long page, drawn once the person scrolls within half a screen of it: what it
 * costs to draw first is then not spent while the page first appears on a phone. Until then an
 * empty block of the part's height (`placeholderClassName`) holds its place. Where
 * IntersectionObserver is missing, the part is drawn at once.
 */
export function NearViewport({
  placeholderClassName,
  children,
}: {
  placeholderClassName: string;
  children: ReactNode;
}) {
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (near || !place) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, [place, near]);
  return near ? children : <div ref={setPlace} className={placeholderClassName} aria-hidden="true" />;
}
