import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import { apiJson } from '@/lib/api-client';

export const addressQueryKey = ['/api/users/me/address'] as const;

export function getAddress(signal?: AbortSignal): Promise<AddressResponse> {
  return apiJson<AddressResponse>('/api/users/me/address', { signal });
}

export const addressQueryOptions = () => queryOptions({ queryKey: addressQueryKey, queryFn: ({ signal }) => getAddress(signal) });

export function useAddress(enabled: boolean) {
  return useQuery({ ...addressQueryOptions(), enabled });
}

export function saveAddress(address: ShippingAddress): Promise<AddressResponse> {
  return apiJson<AddressResponse>('/api/users/me/address', { method: 'PUT', json: address });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressQueryKey }),
  });
}
