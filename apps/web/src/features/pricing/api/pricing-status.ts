import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICING_REFRESH_INTERVAL_MS, type PricingStatus } from '@assay/domain';
import { api } from '@/lib/api';

export type { PricingStatus };

/** Under the '/api/pricing' prefix, so 'Refresh Pricing' and a gem price edit refetch it too. */
export const pricingStatusQueryKey = ['/api/pricing/status'] as const;

/** GET /api/pricing/status (admins): which feed, when it last answered, its last error. */
export function getPricingStatus(signal?: AbortSignal): Promise<PricingStatus> {
  return api.GET('/api/pricing/status', { signal });
}

export const pricingStatusQueryOptions = () =>
  queryOptions({
    queryKey: pricingStatusQueryKey,
    queryFn: ({ signal }) => getPricingStatus(signal),
    // The feed refreshes every minute; so does what the appraiser sees of it.
    refetchInterval: PRICING_REFRESH_INTERVAL_MS,
  });

export function usePricingStatus() {
  return useQuery(pricingStatusQueryOptions());
}
