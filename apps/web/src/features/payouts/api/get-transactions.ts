import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Transaction } from '@assay/domain';

export const transactionsQueryKey = ['/api/transactions'] as const;

export function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  return api.GET('/api/transactions', { signal });
}

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: transactionsQueryKey, queryFn: ({ signal }) => getTransactions(signal) });

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
