import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubmissionInput, Submission } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { submissionsQueryKey } from './get-submissions';

/** POST /api/submissions. The server recomputes the preliminary quote; ours is only a preview. */
export function createSubmission(input: CreateSubmissionInput): Promise<Submission> {
  return apiJson<Submission>('/api/submissions', { method: 'POST', json: input });
}

export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsQueryKey }),
  });
}
