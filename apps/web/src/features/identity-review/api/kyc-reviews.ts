import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminKycRecord, KycReviewInput } from '@assay/domain';
import { api, type ApiAnswer } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type KycListStatus = 'pending' | 'approved' | 'rejected';

/** GET /api/admin/kyc?status=: identity checks, newest first (at most 200). */
export function getKycRecords(status: KycListStatus, signal?: AbortSignal): Promise<AdminKycRecord[]> {
  return api.GET('/api/admin/kyc', { params: { query: { status } }, signal });
}

export const kycRecordsQueryOptions = (status: KycListStatus) =>
  queryOptions({ queryKey: queryKeys.admin.kyc(status), queryFn: ({ signal }) => getKycRecords(status, signal) });

export function useKycRecords(status: KycListStatus) {
  return useQuery(kycRecordsQueryOptions(status));
}

export type ReviewKycVariables = KycReviewInput & { recordId: string };

/** POST /api/admin/kyc/{recordId}/review {approve, reason?}: the reason is required to reject. */
/** An approval also says how the name on the ID screened against the sanctions list. */
export type ReviewedKycRecord = ApiAnswer<'post', '/api/admin/kyc/{recordId}/review'>;

export function reviewKyc({ recordId, ...body }: ReviewKycVariables): Promise<ReviewedKycRecord> {
  return api.POST('/api/admin/kyc/{recordId}/review', { params: { path: { recordId } }, body });
}

/** A review frees payouts and changes the mailbox's KYC count: every admin query refetches. */
export function useReviewKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewKyc,
    // Also after a failure: a 409 means someone else already acted, so the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
