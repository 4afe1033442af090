import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddSubmissionImagesInput, Submission } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { submissionsQueryKey } from './get-submissions';

/**
 * POST /api/submissions/<id>/images: attaches photos already uploaded for this submission
 * (DECISIONS: after "Request More Photos", still at most 4 in all). 409 when too many or closed.
 */
export function addSubmissionImages(id: string, input: AddSubmissionImagesInput): Promise<Submission> {
  return apiJson<Submission>(`/api/submissions/${encodeURIComponent(id)}/images`, { method: 'POST', json: input });
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
