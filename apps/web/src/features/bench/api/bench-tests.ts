import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemTestInput } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/submissions/{id}/bench-tests: the current offer's lines and their tests (read when the panel opens). */
export function useBenchTests(submissionId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.admin.benchTests(submissionId),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/submissions/{id}/bench-tests', { params: { path: { id: submissionId } }, signal }),
    enabled,
  });
}

/** POST a test of a line; the panel's list and the seller's offer (its detail) refresh. */
export function useRecordBenchTest(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemTestInput) =>
      api.POST('/api/admin/submissions/{id}/bench-tests', { params: { path: { id: submissionId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.benchTests(submissionId) }),
  });
}
