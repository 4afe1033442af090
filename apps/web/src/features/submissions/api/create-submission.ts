import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubmissionInput, Submission } from '@assay/domain';
import { api } from '@/lib/api';
import { submissionsQueryKey } from './get-submissions';

/** POST /api/submissions. The server recomputes the preliminary quote; ours is only a preview. */
export function createSubmission(input: CreateSubmissionInput): Promise<Submission> {
  return api.POST('/api/submissions', { body: input });
}

export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsQueryKey }),
  });
}
