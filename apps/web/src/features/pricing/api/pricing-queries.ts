import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Every pricing query: the public list, the charts, the appraisers' feed status. Their keys start
 * with '/api/pricing', so a refresh or a gem price edit refetches all of them with one predicate.
 */
export function isPricingQuery(query: Pick<Query, 'queryKey'>): boolean {
  const [first] = query.queryKey;
  return typeof first === 'string' && first.startsWith('/api/pricing');
}

/** Refetches every pricing query; resolves once the active ones have answered. */
export function invalidatePricingQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isPricingQuery });
}
