import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CounterOfferBody, OfferView } from '@assay/domain';
import { api } from '@/lib/api';
import { submissionQueryKey, type SubmissionDetail } from './get-submission';
import { submissionsQueryKey } from './get-submissions';

/**
 * POST /api/submissions/<id>/counter: the seller's one counter-offer on the current offer version
 * (DECISIONS "The honest offer"). Answers the offer as it now stands; 409 when it was already
 * countered, has lapsed or was replaced meanwhile.
 */
export function postCounterOffer(id: string, body: CounterOfferBody): Promise<OfferView> {
  return api.POST('/api/submissions/{id}/counter', { params: { path: { id } }, body });
}

export function useCounterOffer(
  id: string,
  options: Pick<UseMutationOptions<OfferView, Error, CounterOfferBody>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: CounterOfferBody) => postCounterOffer(id, body),
    onSuccess: (...args) => {
      const [offer] = args;
      // The answer is the offer with its counter: shown at once, before the refetch lands.
      queryClient.setQueryData<SubmissionDetail>(submissionQueryKey(id), (detail) => (detail ? { ...detail, offer } : detail));
      return options.onSuccess?.(...args);
    },
    // After a 409 too: the page then shows why (countered already, lapsed, a newer offer).
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionsQueryKey }),
  });
}
