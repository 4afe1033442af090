import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransactionInput, Transaction } from '@assay/domain';
import { api } from '@/lib/api';
import { transactionsQueryKey } from './get-transactions';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/transactions: the server derives the amount from the final offer and its fee. */
export function createTransaction(input: CreateTransactionInput): Promise<Transaction> {
  return api.POST('/api/transactions', { body: input });
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
