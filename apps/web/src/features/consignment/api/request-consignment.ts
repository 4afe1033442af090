import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsignmentRequest } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/submissions/<id>/consignment: records the request and tells the appraisers (idempotent). */
export function requestConsignment(submissionId: string): Promise<ConsignmentRequest> {
  return api.POST('/api/submissions/{id}/consignment', { params: { path: { id: submissionId } } });
}

export function useRequestConsignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestConsignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
