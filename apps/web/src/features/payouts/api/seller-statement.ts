import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerStatementResponse, SignSellerStatementInput } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const sellerStatementQueryKey = (submissionId: string) =>
  [...queryKeys.submissions.one(submissionId), 'statement'] as const;

/** GET /api/submissions/{id}/statement: the words to sign and whether they are signed. */
export function useSellerStatement(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: sellerStatementQueryKey(submissionId),
    queryFn: ({ signal }) =>
      apiJson<SellerStatementResponse>(`/api/submissions/${encodeURIComponent(submissionId)}/statement`, { signal }),
    enabled,
  });
}

export function useSignSellerStatement(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignSellerStatementInput) =>
      apiJson<{ signed: true; signedAt: string; statementVersion: string }>(
        `/api/submissions/${encodeURIComponent(submissionId)}/statement`,
        { method: 'POST', json: input },
      ),
    // The statement and the submission's compliance part both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.one(submissionId) }),
  });
}
