import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, PayoutStatus, MarkPayoutSentInput, RevealedBankDetails, Transaction } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/payouts?status=: pending oldest first (pay in order), sent newest first; at most 100. */
export function getAdminPayouts(status: PayoutStatus, signal?: AbortSignal): Promise<AdminPayout[]> {
  return apiJson<AdminPayout[]>(`/api/admin/payouts?status=${encodeURIComponent(status)}`, { signal });
}

export const adminPayoutsQueryOptions = (status: PayoutStatus) =>
  queryOptions({ queryKey: adminKeys.payouts(status), queryFn: ({ signal }) => getAdminPayouts(status, signal) });

export function useAdminPayouts(status: PayoutStatus) {
  return useQuery(adminPayoutsQueryOptions(status));
}

export type MarkPayoutSentVariables = MarkPayoutSentInput & { transactionId: string };

/** POST /api/admin/transactions/{id}/sent {reference}: the appraiser paid it by hand. */
export function markPayoutSent({ transactionId, ...body }: MarkPayoutSentVariables): Promise<Transaction> {
  return apiJson<Transaction>(`/api/admin/transactions/${encodeURIComponent(transactionId)}/sent`, {
    method: 'POST',
    json: body,
  });
}

/** Moves the payout between the queues and onto the submission's history: every admin query refetches. */
export function useMarkPayoutSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPayoutSent,
    // Also after a failure: a 409 means someone else already acted, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * POST /api/admin/transactions/{id}/bank-details: the full numbers of a pending ACH payout. Never
 * cached (a mutation, not a query): the numbers live only in the dialog that shows them.
 */
export function useRevealBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiJson<RevealedBankDetails>(`/api/admin/transactions/${encodeURIComponent(transactionId)}/bank-details`, {
        method: 'POST',
      }),
    // The look is on the audit log now; an open history shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/payouts/{id}/approve: the second admin lets a large payout go to its rail. */
export function approvePayout(transactionId: string): Promise<Transaction> {
  return apiJson<Transaction>(`/api/admin/payouts/${encodeURIComponent(transactionId)}/approve`, { method: 'POST' });
}

export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    // Also after a failure: a 409 means another admin approved it first, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
