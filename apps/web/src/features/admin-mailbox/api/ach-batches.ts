import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

// The shapes of apps/api/src/modules/payouts/ach-batches.schemas.ts (docs/openapi.json). They are
// typed here, not parsed, while only this screen reads them; amounts are exact decimal strings.

export type AchBatchSummary = {
  id: string;
  /** assay-ach-<date>-<modifier>.txt, the name the download saves under. */
  fileName: string;
  fileCreatedAt: string;
  fileIdModifier: string;
  entryCount: number;
  total: string;
  createdAt: string;
};

export type AchBatch = AchBatchSummary & {
  entries: { transactionId: string; submissionShortId: string; amount: string; traceNumber: string }[];
  /** Payouts the file could not hold: still pending, for a person, with the sentence why. */
  leftOut: { transactionId: string; submissionShortId: string; reason: string }[];
  /** Example ACH settings stood in: no bank takes this file. */
  exampleSettings: boolean;
};

export type AchBatchSettled = {
  batchId: string;
  paid: { transactionId: string; traceNumber: string }[];
  unchanged: { transactionId: string; traceNumber: string; status: string }[];
};

export type AchReturnResult = {
  returned: {
    transactionId: string;
    submissionShortId: string;
    traceNumber: string;
    returnCode: string;
    reason: string;
    amount: string;
  }[];
  unmatched: { traceNumber: string; returnCode: string; amount: string; why: string }[];
  alreadyApplied: { transactionId: string; traceNumber: string; returnCode: string; status: string }[];
  changeNotices: { traceNumber: string; changeCode: string; transactionId: string | null }[];
};

const BATCHES = '/api/admin/payouts/ach-batches';

/** Under adminKeys.all, so any admin action that refetches the mailbox refetches the batches too. */
const achBatchesKey = [...adminKeys.all, 'ach-batches'] as const;

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
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
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
