import type { QueryClient } from '@tanstack/react-query';

/**
 * Before "Try again" shows a failed page again, so it does not render the same data that broke
 * it: the failed part's own queries (off screen now, so inactive) are dropped and will load
 * afresh, and the queries still on screen (the header's, or the page's own above the boundary)
 * are refetched and awaited. A refetch that fails leaves the query in error for the page to show.
 */
export async function refetchAfterError(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries();
}
