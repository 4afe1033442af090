import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerStatementResponse, SignSellerStatementInput } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const sellerStatementQueryKey = (submissionId: string) =>
  [...queryKeys.submissions.one(submissionId), 'statement'] as const;

/** GET /api/submissions/{id}/statement: the words to sign and whether they are signed. */
export function useSellerStatement(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: sellerStatementQueryKey(submissionId),
    queryFn: ({ signal }): Promise<SellerStatementResponse> =>
      api.GET('/api/submissions/{id}/statement', { params: { path: { id: submissionId } }, signal }),
    enabled,
  });
}

export function useSignSellerStatement(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignSellerStatementInput) =>
      api.POST('/api/submissions/{id}/statement', { params: { path: { id: submissionId } }, body: input }),
    // The statement and the submission's compliance part both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.one(submissionId) }),
  });
}
