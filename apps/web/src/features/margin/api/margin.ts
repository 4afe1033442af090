import { useQuery } from '@tanstack/react-query';
import type { MarginReport } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/margin: settled lots, submissions and months, and accuracy per refiner. */
export function useMarginReport() {
  return useQuery({
    queryKey: queryKeys.admin.margin,
    queryFn: ({ signal }): Promise<MarginReport> => api.GET('/api/admin/margin', { signal }),
  });
}
