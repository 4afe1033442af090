import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessIdentity } from '@assay/domain';
import { api } from '@/lib/api';

export const businessQueryKey = ['/api/business'] as const;

/** Public (read by several features and shared components): who Assay is (GET /api/business), from the server's configuration; it changes only on a restart. */
export const businessQueryOptions = () =>
  queryOptions({
    queryKey: businessQueryKey,
    queryFn: ({ signal }): Promise<BusinessIdentity> => api.GET('/api/business', { signal }),
    staleTime: Infinity,
  });

export function useBusiness() {
  return useQuery(businessQueryOptions());
}
