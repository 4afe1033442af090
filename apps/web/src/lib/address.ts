import { queryOptions } from '@tanstack/react-query';
import type { AddressResponse } from '@assay/domain';
import { api } from '@/lib/api';

/**
 * The seller's saved address (GET /api/users/me/address): the label's sender (features/shipping) and
 * the state whose rule the new-submission form shows before shipping (features/submissions).
 */
export const addressQueryKey = ['/api/users/me/address'] as const;

export function getAddress(signal?: AbortSignal): Promise<AddressResponse> {
  return api.GET('/api/users/me/address', { signal });
}

export const addressQueryOptions = () => queryOptions({ queryKey: addressQueryKey, queryFn: ({ signal }) => getAddress(signal) });
