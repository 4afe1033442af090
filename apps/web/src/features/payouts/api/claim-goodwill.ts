import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryPayoutInput, Transaction } from '@assay/domain';
import { api } from '@/lib/api';
import { transactionsQueryKey } from './get-transactions';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/submissions/<id>/goodwill: a declined offer's goodwill (decision 036), paid as its own payout. */
export function claimGoodwill({ submissionId, body }: { submissionId: string; body: RetryPayoutInput }): Promise<Transaction> {
  return api.POST('/api/submissions/{id}/goodwill', { params: { path: { id: submissionId } }, body });
}

export function useClaimGoodwill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimGoodwill,
    // The submission now has its payout, and its timeline the claim.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
      ]),
  });
}
