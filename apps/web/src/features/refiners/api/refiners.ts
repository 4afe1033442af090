import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MeltLotList,
  RefinerInput,
  RefinersResponse,
  RefinerView,
  SettlementDraftInput,
  SettlementsResponse,
  SettlementView,
} from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const keys = {
  list: [...queryKeys.admin.refiners, 'list'] as const,
  settlements: [...queryKeys.admin.refiners, 'settlements'] as const,
};

/** GET /api/admin/refiners: active ones first. */
export function useRefiners() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }): Promise<RefinersResponse> => api.GET('/api/admin/refiners', { signal }),
  });
}

/** GET /api/admin/refiner-settlements: newest first, each with its lots. */
export function useSettlements() {
  return useQuery({
    queryKey: keys.settlements,
    queryFn: ({ signal }): Promise<SettlementsResponse> => api.GET('/api/admin/refiner-settlements', { signal }),
  });
}

function useRefinerMutation<V>(mutationFn: (variables: V) => Promise<RefinerView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.refiners }) });
}

/** POST /api/admin/refiners. */
export function useAddRefiner() {
  return useRefinerMutation((body: RefinerInput) => api.POST('/api/admin/refiners', { body }));
}

/** PATCH /api/admin/refiners/{id}: the whole record replaced, its address included. */
export function useChangeRefiner() {
  return useRefinerMutation(({ id, body }: { id: string; body: RefinerInput }) =>
    api.PATCH('/api/admin/refiners/{id}', { params: { path: { id } }, body }),
  );
}

/** POST /api/admin/refiners/{id}/retire. */
export function useRetireRefiner() {
  return useRefinerMutation((id: string) => api.POST('/api/admin/refiners/{id}/retire', { params: { path: { id } } }));
}

/**
 * GET /api/admin/melt-lots, under the melt-lots area's own key (the same answer, one cache): the
 * typed settlement offers the lots a refiner can settle.
 */
export function useMeltLotChoices() {
  return useQuery({
    queryKey: [...queryKeys.admin.meltLots, 'list'] as const,
    queryFn: ({ signal }): Promise<MeltLotList> => api.GET('/api/admin/melt-lots', { signal }),
  });
}

/** A settlement settles lots and posts the ledger: the settlements, the lots and the margin read again. */
function useSettlementMutation<V>(mutationFn: (variables: V) => Promise<SettlementView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.refiners }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.meltLots }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.margin }),
      ]),
  });
}

/** POST /api/admin/refiner-settlements/import. */
export function useImportSettlement() {
  return useSettlementMutation((body: { csv: string }) => api.POST('/api/admin/refiner-settlements/import', { body }));
}

/** POST /api/admin/refiner-settlements: typed in. */
export function useEnterSettlement() {
  return useSettlementMutation((body: SettlementDraftInput) => api.POST('/api/admin/refiner-settlements', { body }));
}
