import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayout, PayoutStatus } from '@assay/domain';
import { api } from './api';
import { queryKeys } from './query-keys';

// Read by two work areas: the payouts queue and the rails (ACH batches and checks take the pending
// ones of their method), so it lives here rather than in either feature.

/** GET /api/admin/payouts?status=: pending oldest first (pay in order), sent newest first; at most 100. */
export function getAdminPayouts(status: PayoutStatus, signal?: AbortSignal): Promise<AdminPayout[]> {
  return api.GET('/api/admin/payouts', { params: { query: { status } }, signal });
}

export const adminPayoutsQueryOptions = (status: PayoutStatus) =>
  queryOptions({ queryKey: queryKeys.admin.payouts(status), queryFn: ({ signal }) => getAdminPayouts(status, signal) });

export function useAdminPayouts(status: PayoutStatus) {
  return useQuery(adminPayoutsQueryOptions(status));
}
