import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddSubmissionImagesInput, Submission } from '@assay/domain';
import { api } from '@/lib/api';
import { submissionsQueryKey } from './get-submissions';

/**
 * POST /api/submissions/<id>/images: attaches photos already uploaded for this submission
 * (DECISIONS: after "Request More Photos", still at most 4 in all). 409 when too many or closed.
 */
export function addSubmissionImages(id: string, input: AddSubmissionImagesInput): Promise<Submission> {
  return api.POST('/api/submissions/{id}/images', { params: { path: { id } }, body: input });
}

export function useAddSubmissionImages(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddSubmissionImagesInput) => addSubmissionImages(id, input),
    // The list key is the detail's prefix: the client's list and this detail both refetch; after a
    // 409 too (full, or no longer open), so the page shows why the photos were refused.
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionsQueryKey }),
  });
}
