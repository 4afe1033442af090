import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Submission } from '@assay/domain';
import { queryKeys } from '@/lib/query-keys';

export const submissionsQueryKey = queryKeys.submissions.all;

/** The caller's own submissions (admins receive all of them). */
export function getSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api.GET('/api/submissions', { signal });
}

export const submissionsQueryOptions = () =>
  queryOptions({ queryKey: submissionsQueryKey, queryFn: ({ signal }) => getSubmissions(signal) });

export function useSubmissions() {
  return useQuery(submissionsQueryOptions());
}
