import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true after it (and from the start of a page that was
 * not server-rendered). What depends on the browser (its time zone, a canvas) renders only once this
 * is true, so the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The time zone a date is shown in: UTC in the server's HTML and the render that hydrates it (the
 * server does not know the visitor's zone, and the two must say the same), the visitor's own after.
 */
export function useShownTimeZone(): 'local' | 'UTC' {
  return useHydrated() ? 'local' : 'UTC';
}
