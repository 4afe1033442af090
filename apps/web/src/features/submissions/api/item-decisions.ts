import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ItemDecisionsResponse } from '@assay/domain';
import { api } from '@/lib/api';
import { submissionsQueryKey } from './get-submissions';

/** The body as the form builds it: amounts in dollars, on counters only (itemDecisionsSchema). */
export interface ItemDecisionsRequest {
  offerVersion: number;
  decisions: ({ item: number; decision: 'accept' | 'decline' } | { item: number; decision: 'counter'; amount: number })[];
  message?: string;
}

/**
 * POST /api/submissions/<id>/offer/items: the seller's choice for each item of the offer version
 * they are looking at (issue 27 item 5). Answers what it came to (sale, partial, return, counter)
 * and the offer version to accept or wait on; 400/409 with a sentence otherwise.
 */
export function postItemDecisions(id: string, body: ItemDecisionsRequest): Promise<ItemDecisionsResponse> {
  return api.POST('/api/submissions/{id}/offer/items', { params: { path: { id } }, body });
}

export function useItemDecisions(
  id: string,
  options: Pick<UseMutationOptions<ItemDecisionsResponse, Error, ItemDecisionsRequest>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: ItemDecisionsRequest) => postItemDecisions(id, body),
    // Every outcome changes the detail (a new version, a counter, the return), and a refusal may
    // mean it changed meanwhile: either way the page shows the submission as it now stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionsQueryKey }),
  });
}
