import { useCallback, useState } from 'react';

/** How far below the fold something starts loading, so it is usually ready by the time it is seen. */
const AHEAD = '400px 0px';

/**
 * True once the element is within a screen's reach of the viewport, and from then on. Below-the-fold
 * widgets that cost a phone real work (the canvas charts) wait for it, so the work does not compete
 * with the page becoming usable. Without IntersectionObserver (tests, old browsers) it is true at once.
 */
export function useNearViewport(): [(element: Element | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
