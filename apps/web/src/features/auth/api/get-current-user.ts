import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import type { CurrentUser } from '@assay/domain';
import { queryKeys } from '@/lib/query-keys';

export const currentUserQueryKey = queryKeys.currentUser;

/** The signed-in user, or null for a visitor (the server answers 401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.GET('/api/auth/user', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** SPEC 7: no retry, always refetched (never served stale from the cache). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 0,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
