import { useQuery } from '@tanstack/react-query';
import type { PayoutRatesResponse, PricingRow } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

// What the appraiser's line form proposes from: the live prices and the published payout rates.
// Read here rather than through the pricing and payout-rates features (a feature never imports
// another); the keys start as theirs do, so refreshing prices or saving a rate refreshes these too.

/** GET /api/pricing; refetched with every other pricing query (its key starts '/api/pricing'). */
export function useOfferPrices(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.pricing, 'offer-lines'] as const,
    queryFn: ({ signal }): Promise<PricingRow[]> => api.GET('/api/pricing', { signal }),
    enabled,
  });
}

/** GET /api/payout-rates, past the browser's minute of cache: an offer must use the rate in force. */
export function useOfferPayoutRates(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.payoutRates, 'offer-lines'] as const,
    queryFn: ({ signal }): Promise<PayoutRatesResponse> => api.GET('/api/payout-rates', { signal, cache: 'no-cache' }),
    enabled,
  });
}
