import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { Submission } from '@assay/domain';

export const submissionsQueryKey = ['/api/submissions'] as const;

/** Every submission: the server answers admins with all of them. Same key as the client list. */
export function getSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return apiJson<Submission[]>('/api/submissions', { signal });
}

export const submissionsQueryOptions = () =>
  queryOptions({ queryKey: submissionsQueryKey, queryFn: ({ signal }) => getSubmissions(signal) });

export function useSubmissions() {
  return useQuery(submissionsQueryOptions());
}
