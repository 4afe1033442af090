import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Check, CheckMailedInput, CheckStatus, NextCheckNumber, RegisterCheckInput, VoidCheckInput } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const CHECKS = '/api/admin/payouts/checks';

/** Under queryKeys.admin.all, so any admin action that refetches the mailbox refetches the register too. */
const checksKey = (status: CheckStatus | 'all') => [...queryKeys.admin.all, 'checks', status] as const;

const checkPath = (checkId: string) => `${CHECKS}/${encodeURIComponent(checkId)}`;

/** The printable check and stub (a PDF the browser opens in its viewer, to print). */
export const checkStubHref = (checkId: string) => `${checkPath(checkId)}/stub.pdf`;

export const checksQueryOptions = (status: CheckStatus | 'all') =>
  queryOptions({
    queryKey: checksKey(status),
    queryFn: ({ signal }) =>
      apiJson<Check[]>(status === 'all' ? CHECKS : `${CHECKS}?status=${encodeURIComponent(status)}`, { signal }),
  });

/** GET: the register, newest first, at most 100. */
export function useChecks(status: CheckStatus | 'all') {
  return useQuery(checksQueryOptions(status));
}

/** GET .../next-number: what the register form offers as the check number. */
export function useNextCheckNumber() {
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'checks', 'next-number'] as const,
    queryFn: ({ signal }) => apiJson<NextCheckNumber>(`${CHECKS}/next-number`, { signal }),
  });
}

/** Every register action moves a payout: every admin query refetches, also after a refusal. */
function useAdminMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}

/** POST: a check for a pending check payout (the payout goes on its way). */
export function useRegisterCheck() {
  return useAdminMutation((body: RegisterCheckInput) => apiJson<Check>(CHECKS, { method: 'POST', json: body }));
}

/** POST .../{id}/mailed {mailedOn}: the payout is paid. */
export function useMarkCheckMailed() {
  return useAdminMutation(({ checkId, ...body }: CheckMailedInput & { checkId: string }) =>
    apiJson<Check>(`${checkPath(checkId)}/mailed`, { method: 'POST', json: body }),
  );
}

/** POST .../{id}/void {reason}: the payout fails or is returned; the seller gives details again. */
export function useVoidCheck() {
  return useAdminMutation(({ checkId, ...body }: VoidCheckInput & { checkId: string }) =>
    apiJson<Check>(`${checkPath(checkId)}/void`, { method: 'POST', json: body }),
  );
}
