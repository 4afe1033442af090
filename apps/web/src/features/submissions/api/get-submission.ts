import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LabelSummary, SubmissionDetail, TimelineEntry } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type { LabelSummary, SubmissionDetail, TimelineEntry };

/** Under ['/api/submissions'], so invalidating the list refreshes every detail too. */
export const submissionQueryKey = queryKeys.submissions.one;

export async function getSubmission(id: string, signal?: AbortSignal): Promise<SubmissionDetail> {
  const detail = await api.GET('/api/submissions/{id}', { params: { path: { id } }, signal });
  // Older answers without the extra fields still render.
  return {
    ...detail,
    timeline: Array.isArray(detail.timeline) ? detail.timeline : [],
    label: detail.label ?? null,
    parcels: Array.isArray(detail.parcels) ? detail.parcels : [],
    returnLabel: detail.returnLabel ?? null,
    transaction: detail.transaction ?? null,
    freeReturn: detail.freeReturn ?? null,
    consignmentRequestedAt: detail.consignmentRequestedAt ?? null,
    offer: detail.offer ?? null,
    previousOffers: Array.isArray(detail.previousOffers) ? detail.previousOffers : [],
  };
}

export const submissionQueryOptions = (id: string) =>
  queryOptions({ queryKey: submissionQueryKey(id), queryFn: ({ signal }) => getSubmission(id, signal) });

export function useSubmission(id: string | null | undefined) {
  return useQuery({ ...submissionQueryOptions(id ?? ''), enabled: Boolean(id) });
}
