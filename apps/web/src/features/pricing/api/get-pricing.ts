import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICING_REFRESH_INTERVAL_MS, type PricingRow } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * A row of GET /api/pricing (SPEC 3) with where the price came from ('simulated', 'gold-api.com',
 * 'metals.dev', 'admin', 'admin-reference') and whether it is older than 10 minutes (DECISIONS
 * "Prices"). Typed loosely on those two so that an older server without them still renders.
 */
export type LivePricingRow = Omit<PricingRow, 'source' | 'stale' | 'updatedAt'> & {
  updatedAt?: string | null;
  source?: string | null;
  stale?: boolean | null;
};

export const pricingQueryKey = queryKeys.pricing;

/**
 * Public: no sign-in needed. Not validated with the zod schema here on purpose: that would put
 * zod in the visitor's first load; the page renders any missing or malformed price as '—'.
 */
export async function getPricing(signal?: AbortSignal): Promise<LivePricingRow[]> {
  const rows: LivePricingRow[] | undefined = await api.GET('/api/pricing', { signal });
  return rows ?? [];
}

/** SPEC 7: refetched every 60 seconds while the page is open. */
export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: pricingQueryKey,
    queryFn: ({ signal }) => getPricing(signal),
    refetchInterval: PRICING_REFRESH_INTERVAL_MS,
  });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}
