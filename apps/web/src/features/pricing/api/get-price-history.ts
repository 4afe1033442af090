import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICING_REFRESH_INTERVAL_MS, type ItemType, type PriceHistoryPoint } from '@assay/domain';
import { api } from '@/lib/api';

export type { PriceHistoryPoint };

/** GET /api/pricing/history: one item type's prices, oldest first. */
export async function getPriceHistory(itemType: ItemType, hours: number, signal?: AbortSignal): Promise<PriceHistoryPoint[]> {
  const points = await api.GET('/api/pricing/history', { params: { query: { itemType, hours } }, signal });
  return Array.isArray(points) ? points : [];
}

/** Under the ['/api/pricing'] prefix, so a price refresh also refreshes the charts. */
export const priceHistoryQueryOptions = (itemType: ItemType, hours: number) =>
  queryOptions({
    queryKey: ['/api/pricing', 'history', itemType, hours] as const,
    queryFn: ({ signal }) => getPriceHistory(itemType, hours, signal),
    refetchInterval: PRICING_REFRESH_INTERVAL_MS,
  });

export function usePriceHistory(itemType: ItemType, hours: number) {
  return useQuery(priceHistoryQueryOptions(itemType, hours));
}
