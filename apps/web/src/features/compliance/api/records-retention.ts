import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EraseRecordsResult, RetentionList } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const retentionKey = [...queryKeys.admin.compliance, 'retention'] as const;

/** GET: finished submissions past their retention period, and what an erase removes. */
export function useRecordsPastRetention() {
  return useQuery({
    queryKey: retentionKey,
    queryFn: ({ signal }): Promise<RetentionList> => api.GET('/api/admin/retention', { signal }),
  });
}

/** POST: erases the chosen submissions' personal data (the server asks for a fresh code first). */
export function useEraseRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionIds: string[]): Promise<EraseRecordsResult> =>
      api.POST('/api/admin/retention/erase', { body: { submissionIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
