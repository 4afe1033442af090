import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AchBatchDto, AchBatchSettled, AchBatchSummaryDto, AchReturnResult } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

// The shapes are the domain's (packages/domain api/ach-batches.ts), which the server answers with.
export type AchBatch = AchBatchDto;
export type AchBatchSummary = AchBatchSummaryDto;
export type { AchBatchSettled, AchReturnResult };

/** Under queryKeys.admin.all, so any admin action that refetches the mailbox refetches the batches too. */
const achBatchesKey = [...queryKeys.admin.all, 'ach-batches'] as const;

/** The route the bank's file downloads from (an attachment, written again on each download). */
export const achBatchFileHref = (batchId: string) => `/api/admin/payouts/ach-batches/${encodeURIComponent(batchId)}/file`;

export const achBatchesQueryOptions = () =>
  queryOptions({
    queryKey: achBatchesKey,
    queryFn: ({ signal }): Promise<AchBatchSummary[]> => api.GET('/api/admin/payouts/ach-batches', { signal }),
  });

/** GET: the batches, newest first. */
export function useAchBatches() {
  return useQuery(achBatchesQueryOptions());
}

/** Every batch action moves payouts between states: every admin query refetches, also after a refusal. */
function useAdminMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}

/** POST: every pending ACH payout into a new batch (they become processing). */
export function useCreateAchBatch() {
  return useAdminMutation((): Promise<AchBatch> => api.POST('/api/admin/payouts/ach-batches'));
}

/** POST .../{id}/settled: the bank confirmed the file; its processing entries are paid. */
export function useSettleAchBatch() {
  return useAdminMutation((batchId: string): Promise<AchBatchSettled> =>
    api.POST('/api/admin/payouts/ach-batches/{id}/settled', { params: { path: { id: batchId } } }),
  );
}

/** POST /api/admin/payouts/ach-returns {file}: the bank's return file, as text. */
export function useImportAchReturns() {
  return useAdminMutation((file: string): Promise<AchReturnResult> =>
    api.POST('/api/admin/payouts/ach-returns', { body: { file } }),
  );
}
