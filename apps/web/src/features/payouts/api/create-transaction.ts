import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransactionInput, Transaction } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { transactionsQueryKey } from './get-transactions';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/transactions: the server derives the amount from the final offer and its fee. */
export function createTransaction(input: CreateTransactionInput): Promise<Transaction> {
  return apiJson<Transaction>('/api/transactions', { method: 'POST', json: input });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    // The submission is now completed and Total Value has grown.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
      ]),
  });
}
