import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddLotItemBody,
  AdvanceMeltLotBody,
  CreateMeltLotBody,
  MeltLotDetail,
  MeltLotList,
  RefinersResponse,
  ShipMeltLotBody,
} from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const lotKeys = {
  list: [...queryKeys.admin.meltLots, 'list'] as const,
  lot: (id: string) => [...queryKeys.admin.meltLots, 'lot', id] as const,
};

/** GET /api/admin/melt-lots: every lot with its totals at today's spot, closed ones last. */
export function useMeltLots() {
  return useQuery({
    queryKey: lotKeys.list,
    queryFn: ({ signal }): Promise<MeltLotList> => api.GET('/api/admin/melt-lots', { signal }),
  });
}

/** GET /api/admin/melt-lots/{id}: one lot with its items. */
export function useMeltLot(id: string | null) {
  return useQuery({
    queryKey: lotKeys.lot(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }): Promise<MeltLotDetail> =>
      api.GET('/api/admin/melt-lots/{id}', { params: { path: { id: id! } }, signal }),
  });
}

/** A lot's change moves items in custody too: both areas read again, refused or not. */
function useLotMutation<V>(mutationFn: (variables: V) => Promise<MeltLotDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.meltLots }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
      ]),
  });
}

/** POST /api/admin/melt-lots. */
export function useCreateMeltLot() {
  return useLotMutation((body: CreateMeltLotBody) => api.POST('/api/admin/melt-lots', { body }));
}

/** POST /api/admin/melt-lots/{id}/items: by the tag on the bag; refused (409) while held or in another lot. */
export function useAddLotItem() {
  return useLotMutation(({ id, body }: { id: string; body: AddLotItemBody }) =>
    api.POST('/api/admin/melt-lots/{id}/items', { params: { path: { id } }, body }),
  );
}

/** DELETE /api/admin/melt-lots/{id}/items/{itemId}: back to the vault, while the lot is open. */
export function useRemoveLotItem() {
  return useLotMutation(({ id, itemId }: { id: string; itemId: string }) =>
    api.DELETE('/api/admin/melt-lots/{id}/items/{itemId}', { params: { path: { id, itemId } } }),
  );
}

/** POST /api/admin/melt-lots/{id}/advance: one state on. */
export function useAdvanceMeltLot() {
  return useLotMutation(({ id, body }: { id: string; body: AdvanceMeltLotBody }) =>
    api.POST('/api/admin/melt-lots/{id}/advance', { params: { path: { id } }, body }),
  );
}

/** POST /api/admin/melt-lots/{id}/ship: buys the carrier label to the refiner; refused with the server's sentence. */
export function useShipMeltLot() {
  return useLotMutation(({ id, body }: { id: string; body: ShipMeltLotBody }) =>
    api.POST('/api/admin/melt-lots/{id}/ship', { params: { path: { id } }, body }),
  );
}

/**
 * GET /api/admin/refiners for the ship form's choice (the refiners feature's own list, under the
 * shared key, so a refiner added or given an address there is read again here).
 */
export function useActiveRefiners() {
  return useQuery({
    queryKey: [...queryKeys.admin.refiners, 'list'] as const,
    queryFn: ({ signal }): Promise<RefinersResponse> => api.GET('/api/admin/refiners', { signal }),
  });
}
