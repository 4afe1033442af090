import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalibrationInput, InstrumentInput, InstrumentView } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/bench/instruments: the register, each with why it cannot be used today (or null). */
export function useInstruments(enabled = true) {
  return useQuery({
    queryKey: queryKeys.admin.instruments,
    queryFn: async ({ signal }) => (await api.GET('/api/admin/bench/instruments', { signal })).instruments,
    enabled,
  });
}

/** A change to the register refreshes it (the bench panels' pickers read it too). */
function useRegisterChange<V>(mutationFn: (variables: V) => Promise<InstrumentView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.instruments }),
  });
}

export function useAddInstrument() {
  return useRegisterChange((body: InstrumentInput) => api.POST('/api/admin/bench/instruments', { body }));
}

export function useCalibrateInstrument() {
  return useRegisterChange(({ id, ...body }: CalibrationInput & { id: string }) =>
    api.POST('/api/admin/bench/instruments/{id}/calibration', { params: { path: { id } }, body }),
  );
}

export function useRetireInstrument() {
  return useRegisterChange((id: string) => api.POST('/api/admin/bench/instruments/{id}/retire', { params: { path: { id } } }));
}
