import type { QueryClient } from '@tanstack/react-query';

/**
 * Before "Try again" shows a failed page again: the failed page's queries (no longer on screen,
 * so inactive) are dropped, so the page waits for fresh answers rather than rendering the same
 * data that broke it; what is still on screen (header, current user) refetches in place.
 */
export function refetchAfterError(queryClient: QueryClient): void {
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.invalidateQueries();
}
