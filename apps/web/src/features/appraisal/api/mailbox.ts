import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AdminSubmissionDetail,
  AdminSubmissionPage,
  SubmissionCategory,
  SubmissionCounts,
  SubmissionStatus,
} from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const COUNTS_REFRESH_MS = 60_000;

/** `search`: '' for none, else a normalised short id, whole id or tracking number. */
export type MailboxFilters = { category: SubmissionCategory | 'all'; status: SubmissionStatus | 'all'; search: string };

/** One page of the mailbox, newest first; `cursor` is the previous page's nextCursor. */
export function getMailboxPage(
  filters: MailboxFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminSubmissionPage> {
  const query = {
    ...(filters.status !== 'all' && { status: filters.status }),
    ...(filters.category !== 'all' && { category: filters.category }),
    ...(filters.search && { search: filters.search }),
    ...(cursor && { cursor }),
  };
  return api.GET('/api/admin/submissions', { params: { query }, signal });
}

/** Keyset pages: "Load more" asks for the page after the last one, so nothing shifts or repeats. */
export function useMailboxPages(filters: MailboxFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.submissionList(filters),
    queryFn: ({ pageParam, signal }) => getMailboxPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Switching tabs keeps the old cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Polled, so a parcel arriving or a deadline coming near shows on the cards without a reload. */
export function useMailboxCounts() {
  return useQuery({
    queryKey: queryKeys.admin.counts,
    queryFn: ({ signal }): Promise<SubmissionCounts> => api.GET('/api/admin/submissions/counts', { signal }),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** One submission in full: audit log, the customer's identity check, the payout. */
export function useAdminSubmissionDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.submissionDetail(id),
    queryFn: ({ signal }): Promise<AdminSubmissionDetail> =>
      api.GET('/api/admin/submissions/{id}', { params: { path: { id } }, signal }),
    enabled,
  });
}
