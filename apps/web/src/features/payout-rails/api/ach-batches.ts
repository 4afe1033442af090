import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AchBatchDto, AchBatchSettled, AchBatchSummaryDto, AchReturnResult } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The shapes are the domain's (packages/domain api/ach-batches.ts), which the server answers with.
export type AchBatch = AchBatchDto;
export type AchBatchSummary = AchBatchSummaryDto;
export type { AchBatchSettled, AchReturnResult };

const BATCHES = '/api/admin/payouts/ach-batches';

/** Under queryKeys.admin.all, so any admin action that refetches the mailbox refetches the batches too. */
const achBatchesKey = [...queryKeys.admin.all, 'ach-batches'] as const;

/** The route the bank's file downloads from (an attachment, written again on each download). */
export const achBatchFileHref = (batchId: string) => `${BATCHES}/${encodeURIComponent(batchId)}/file`;

export const achBatchesQueryOptions = () =>
  queryOptions({
    queryKey: achBatchesKey,
    queryFn: ({ signal }) => apiJson<AchBatchSummary[]>(BATCHES, { signal }),
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
  return useAdminMutation(() => apiJson<AchBatch>(BATCHES, { method: 'POST' }));
}

/** POST .../{id}/settled: the bank confirmed the file; its processing entries are paid. */
export function useSettleAchBatch() {
  return useAdminMutation((batchId: string) =>
    apiJson<AchBatchSettled>(`${BATCHES}/${encodeURIComponent(batchId)}/settled`, { method: 'POST' }),
  );
}

/** POST /api/admin/payouts/ach-returns {file}: the bank's return file, as text. */
export function useImportAchReturns() {
  return useAdminMutation((file: string) =>
    apiJson<AchReturnResult>('/api/admin/payouts/ach-returns', { method: 'POST', json: { file } }),
  );
}
