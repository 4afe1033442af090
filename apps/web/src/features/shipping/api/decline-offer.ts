import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineOfferResponse } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DeclineResult = DeclineOfferResponse;

/** POST /api/submissions/<id>/decline: the item comes back to the client (status returned). */
export function declineOffer(submissionId: string): Promise<DeclineResult> {
  return apiJson<DeclineResult>(`/api/submissions/${encodeURIComponent(submissionId)}/decline`, { method: 'POST', json: {} });
}

export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
