import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryPayoutInput, Transaction } from '@assay/domain';
import { api } from '@/lib/api';
import { transactionsQueryKey } from './get-transactions';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/transactions/<id>/retry: new details for a payout that failed or came back. */
export function retryPayout({ transactionId, body }: { transactionId: string; body: RetryPayoutInput }): Promise<Transaction> {
  return api.POST('/api/transactions/{id}/retry', { params: { path: { id: transactionId } }, body });
}

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayout,
    // The payout's state, its amount after any new fee, and the submission's timeline have changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
      ]),
  });
}
