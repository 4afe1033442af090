import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsignmentRequest } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/submissions/<id>/consignment: records the request and tells the appraisers (idempotent). */
export function requestConsignment(submissionId: string): Promise<ConsignmentRequest> {
  return apiJson<ConsignmentRequest>(`/api/submissions/${encodeURIComponent(submissionId)}/consignment`, {
    method: 'POST',
    json: {},
  });
}

export function useRequestConsignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestConsignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
