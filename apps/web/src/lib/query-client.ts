import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiJson } from './api-client';

/**
 * Query keys are URL paths (['/api/submissions'], ['/api/pricing']...), so invalidating a prefix
 * such as ['/api/pricing'] refetches everything under it. Feature hooks pass their own queryFn;
 * this default covers plain GETs keyed by path segments, a path known only at run time, so
 * apiJson rather than the typed client (./api.ts).
 */
const fetchByKey: QueryFunction = ({ queryKey, signal }) => apiJson<unknown>(queryKey.map(String).join('/'), { signal });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // SPEC 7: data never goes stale by itself, no refetch on focus, no retry.
      queries: {
        queryFn: fetchByKey,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
