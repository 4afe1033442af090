import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { Submission } from '@assay/domain';

export const submissionsQueryKey = ['/api/submissions'] as const;

/** The caller's own submissions (admins receive all of them). */
export function getSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return apiJson<Submission[]>('/api/submissions', { signal });
}

export const submissionsQueryOptions = () =>
  queryOptions({ queryKey: submissionsQueryKey, queryFn: ({ signal }) => getSubmissions(signal) });

export function useSubmissions() {
  return useQuery(submissionsQueryOptions());
}
