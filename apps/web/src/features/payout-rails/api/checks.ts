import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Check, CheckMailedInput, CheckStatus, NextCheckNumber, RegisterCheckInput, VoidCheckInput } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Under queryKeys.admin.all, so any admin action that refetches the mailbox refetches the register too. */
const checksKey = (status: CheckStatus | 'all') => [...queryKeys.admin.all, 'checks', status] as const;

/** The printable check and stub (a PDF the browser opens in its viewer, to print). */
export const checkStubHref = (checkId: string) => `/api/admin/payouts/checks/${encodeURIComponent(checkId)}/stub.pdf`;

export const checksQueryOptions = (status: CheckStatus | 'all') =>
  queryOptions({
    queryKey: checksKey(status),
    queryFn: ({ signal }): Promise<Check[]> =>
      api.GET('/api/admin/payouts/checks', { params: { query: status === 'all' ? {} : { status } }, signal }),
  });

/** GET: the register, newest first, at most 100. */
export function useChecks(status: CheckStatus | 'all') {
  return useQuery(checksQueryOptions(status));
}

/** GET .../next-number: what the register form offers as the check number. */
export function useNextCheckNumber() {
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'checks', 'next-number'] as const,
    queryFn: ({ signal }): Promise<NextCheckNumber> => api.GET('/api/admin/payouts/checks/next-number', { signal }),
  });
}

/** Every register action moves a payout: every admin query refetches, also after a refusal. */
function useAdminMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}

/** POST: a check for a pending check payout (the payout goes on its way). */
export function useRegisterCheck() {
  return useAdminMutation((body: RegisterCheckInput): Promise<Check> => api.POST('/api/admin/payouts/checks', { body }));
}

/** POST .../{id}/mailed {mailedOn}: the payout is paid. */
export function useMarkCheckMailed() {
  return useAdminMutation(({ checkId, ...body }: CheckMailedInput & { checkId: string }): Promise<Check> =>
    api.POST('/api/admin/payouts/checks/{id}/mailed', { params: { path: { id: checkId } }, body }),
  );
}

/** POST .../{id}/void {reason}: the payout fails or is returned; the seller gives details again. */
export function useVoidCheck() {
  return useAdminMutation(({ checkId, ...body }: VoidCheckInput & { checkId: string }): Promise<Check> =>
    api.POST('/api/admin/payouts/checks/{id}/void', { params: { path: { id: checkId } }, body }),
  );
}
