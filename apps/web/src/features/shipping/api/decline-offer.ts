import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineOfferResponse } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type DeclineResult = DeclineOfferResponse;

/** POST /api/submissions/<id>/decline: the item comes back to the client (status returned). */
export function declineOffer(submissionId: string): Promise<DeclineResult> {
  return api.POST('/api/submissions/{id}/decline', { params: { path: { id: submissionId } } });
}

export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
