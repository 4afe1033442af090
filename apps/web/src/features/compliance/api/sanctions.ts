import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SanctionsListState, SanctionsScreening, ScreeningDecision } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Under 'admin', like every admin query: a decision also refreshes the payouts it held or released. */
export const sanctionsQueryKey = queryKeys.admin.compliance;

/** GET /api/admin/compliance/sanctions-list: the loaded OFAC list's date and age, or that none is. */
export function useSanctionsList() {
  return useQuery({
    queryKey: [...sanctionsQueryKey, 'sanctions-list'],
    queryFn: ({ signal }): Promise<SanctionsListState> => api.GET('/api/admin/compliance/sanctions-list', { signal }),
  });
}

/** GET /api/admin/compliance/screenings?status=possible-match: the matches waiting for a decision, oldest first. */
export function usePossibleMatches() {
  return useQuery({
    queryKey: [...sanctionsQueryKey, 'screenings', 'possible-match'],
    queryFn: ({ signal }): Promise<SanctionsScreening[]> =>
      api.GET('/api/admin/compliance/screenings', { params: { query: { status: 'possible-match' } }, signal }),
  });
}

/** POST .../screenings/{id}/decision; the queue and the payouts it held refetch after. */
export function useDecideScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: ScreeningDecision & { id: string }): Promise<SanctionsScreening> =>
      api.POST('/api/admin/compliance/screenings/{id}/decision', { params: { path: { id } }, body: decision }),
    // Not awaited: the decided match leaves the refetched queue, and a row that unmounts before the
    // mutation settles never hears its own onSuccess (the toast saying the payout was released).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
