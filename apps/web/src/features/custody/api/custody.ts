import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bin,
  BinDetail,
  BinList,
  CreateBinBody,
  CustodyItem,
  CustodyItemList,
  CustodyMoves,
  CustodySearchQuery,
  MoveItemBody,
  PlacePoliceHoldBody,
  PoliceHold,
  PoliceHoldList,
  ReleasePoliceHoldBody,
  RenameBinBody,
  SurrenderPoliceHoldBody,
} from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const custodyKeys = {
  bins: [...queryKeys.admin.custody, 'bins'] as const,
  bin: (id: string) => [...queryKeys.admin.custody, 'bins', id] as const,
  search: (query: CustodySearchQuery) => [...queryKeys.admin.custody, 'search', query] as const,
  moves: (itemId: string) => [...queryKeys.admin.custody, 'moves', itemId] as const,
};

/** GET /api/admin/custody/bins: every bin with its counts, and how many items are in the vault. */
export function useBins() {
  return useQuery({
    queryKey: custodyKeys.bins,
    queryFn: ({ signal }): Promise<BinList> => api.GET('/api/admin/custody/bins', { signal }),
  });
}

/** GET /api/admin/custody/bins/{id}: a bin's items, each with its hold's end and whether it is ready. */
export function useBin(id: string | null) {
  return useQuery({
    queryKey: custodyKeys.bin(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }): Promise<BinDetail> =>
      api.GET('/api/admin/custody/bins/{id}', { params: { path: { id: id! } }, signal }),
  });
}

/** GET /api/admin/custody/items: the items of a submission, or the one with a tag. */
export function useCustodySearch(query: CustodySearchQuery | null) {
  return useQuery({
    queryKey: custodyKeys.search(query ?? {}),
    enabled: query !== null,
    queryFn: ({ signal }): Promise<CustodyItemList> => api.GET('/api/admin/custody/items', { params: { query: query! }, signal }),
  });
}

/** GET /api/admin/custody/items/{itemId}/moves: every move of one item, oldest first (read when opened). */
export function useItemMoves(itemId: string) {
  return useQuery({
    queryKey: custodyKeys.moves(itemId),
    queryFn: ({ signal }): Promise<CustodyMoves> =>
      api.GET('/api/admin/custody/items/{itemId}/moves', { params: { path: { itemId } }, signal }),
  });
}

/** POST /api/admin/custody/bins. */
export function useCreateBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBinBody): Promise<Bin> => api.POST('/api/admin/custody/bins', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}

/** PUT /api/admin/custody/bins/{id}: a new code or label. */
export function useRenameBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RenameBinBody }): Promise<Bin> =>
      api.PUT('/api/admin/custody/bins/{id}', { params: { path: { id } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}

/** POST /api/admin/custody/bins/{id}/archive: refused (409) while the bin holds items. */
export function useArchiveBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Bin> => api.POST('/api/admin/custody/bins/{id}/archive', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}

/** POST /api/admin/custody/items/{itemId}/move: refused (409) if it moved meanwhile or its hold runs. */
export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: MoveItemBody }): Promise<CustodyItem> =>
      api.POST('/api/admin/custody/items/{itemId}/move', { params: { path: { itemId } }, body }),
    // A refusal too: the item may have moved, so every custody list reads again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}

const policeHoldKeys = (itemId: string) => [...queryKeys.admin.custody, 'police-holds', itemId] as const;

/** GET /api/admin/police-holds?item=: an item's police holds, newest first (read when opened). */
export function usePoliceHolds(itemId: string) {
  return useQuery({
    queryKey: policeHoldKeys(itemId),
    queryFn: ({ signal }): Promise<PoliceHoldList> =>
      api.GET('/api/admin/police-holds', { params: { query: { item: itemId } }, signal }),
  });
}

/** POST /api/admin/police-holds: refused (409) when the item is already held or has left. */
export function usePlacePoliceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacePoliceHoldBody): Promise<PoliceHold> => api.POST('/api/admin/police-holds', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}

/** POST /api/admin/police-holds/{id}/release or /surrender: one of two appraisers wins, the other hears 409. */
export function useEndPoliceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      end:
        | { id: string; action: 'release'; body: ReleasePoliceHoldBody }
        | { id: string; action: 'surrender'; body: SurrenderPoliceHoldBody },
    ): Promise<PoliceHold> =>
      end.action === 'release'
        ? api.POST('/api/admin/police-holds/{id}/release', { params: { path: { id: end.id } }, body: end.body })
        : api.POST('/api/admin/police-holds/{id}/surrender', { params: { path: { id: end.id } }, body: end.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.custody }),
  });
}
