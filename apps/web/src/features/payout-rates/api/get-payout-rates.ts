import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutRatesResponse } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const payoutRatesQueryKey = queryKeys.payoutRates;

/**
 * Public: no sign-in needed. The server lets a browser keep the answer a minute; `fresh` asks past
 * that cache (an appraiser's editor must see the rate it just saved).
 */
export async function getPayoutRates(signal?: AbortSignal, fresh = false): Promise<PayoutRatesResponse> {
  const body: Partial<PayoutRatesResponse> | undefined = await api.GET('/api/payout-rates', {
    signal,
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
  return { rates: Array.isArray(body?.rates) ? body.rates : [], history: Array.isArray(body?.history) ? body.history : [] };
}

export const payoutRatesQueryOptions = ({ fresh = false }: { fresh?: boolean } = {}) =>
  queryOptions({
    queryKey: [...payoutRatesQueryKey, fresh ? 'fresh' : 'public'],
    queryFn: ({ signal }) => getPayoutRates(signal, fresh),
    staleTime: 60_000,
  });

export function usePayoutRates(options: { fresh?: boolean } = {}) {
  return useQuery(payoutRatesQueryOptions(options));
}
