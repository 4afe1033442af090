import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefreshPricingResponse } from '@assay/domain';
import { api } from '@/lib/api';
import { invalidatePricingQueries } from './pricing-queries';

/** POST /api/pricing/refresh (admins): fetch fresh metal prices now instead of at the next minute. */
export function refreshPricing(): Promise<RefreshPricingResponse> {
  return api.POST('/api/pricing/refresh');
}

/** SPEC 7: on success every pricing query under /api/pricing is refetched. */
export function useRefreshPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPricing,
    onSuccess: () => invalidatePricingQueries(queryClient),
  });
}
