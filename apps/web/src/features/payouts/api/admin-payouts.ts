import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmManualPayoutInput, MarkPayoutSentInput, RevealedBankDetails, Transaction } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type MarkPayoutSentVariables = MarkPayoutSentInput & { transactionId: string };

/** POST /api/admin/transactions/{id}/sent {reference}: the appraiser paid it by hand. */
export function markPayoutSent({ transactionId, ...body }: MarkPayoutSentVariables): Promise<Transaction> {
  return api.POST('/api/admin/transactions/{id}/sent', { params: { path: { id: transactionId } }, body });
}

/** Moves the payout between the queues and onto the submission's history: every admin query refetches. */
export function useMarkPayoutSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPayoutSent,
    // Also after a failure: a 409 means someone else already acted, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export type ConfirmManualPayoutVariables = ConfirmManualPayoutInput & { transactionId: string };

/** POST /api/admin/transactions/{id}/paid {confirmation}: the provider shows the hand-sent payout arrived (decision 034). */
export function confirmManualPayout({ transactionId, ...body }: ConfirmManualPayoutVariables): Promise<Transaction> {
  return api.POST('/api/admin/transactions/{id}/paid', { params: { path: { id: transactionId } }, body });
}

export function useConfirmManualPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmManualPayout,
    // Also after a failure: a 409 means someone else already confirmed it, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/**
 * POST /api/admin/transactions/{id}/bank-details: the full numbers of a pending ACH payout. Never
 * cached (a mutation, not a query): the numbers live only in the dialog that shows them.
 */
export function useRevealBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string): Promise<RevealedBankDetails> =>
      api.POST('/api/admin/transactions/{id}/bank-details', { params: { path: { id: transactionId } } }),
    // The look is on the audit log now; an open history shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** POST /api/admin/payouts/{id}/approve: the second admin lets a large payout go to its rail. */
export function approvePayout(transactionId: string): Promise<Transaction> {
  return api.POST('/api/admin/payouts/{id}/approve', { params: { path: { id: transactionId } } });
}

export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    // Also after a failure: a 409 means another admin approved it first, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
