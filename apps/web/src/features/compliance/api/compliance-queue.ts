import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplianceQueueItem } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { sanctionsQueryKey } from './sanctions';

/** GET /api/admin/compliance/queue: what blocks each payout or melt, and what clears it. */
export function useComplianceQueue() {
  return useQuery({
    queryKey: [...sanctionsQueryKey, 'queue'],
    queryFn: ({ signal }): Promise<ComplianceQueueItem[]> => api.GET('/api/admin/compliance/queue', { signal }),
  });
}

/** POST /api/admin/submissions/{id}/request-id: the seller is asked for their ID (SPEC 7's action). */
export function useRequestId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) =>
      api.POST('/api/admin/submissions/{id}/request-id', { params: { path: { id: submissionId } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
