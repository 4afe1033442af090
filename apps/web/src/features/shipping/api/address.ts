import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import { api } from '@/lib/api';

export const addressQueryKey = ['/api/users/me/address'] as const;

export function getAddress(signal?: AbortSignal): Promise<AddressResponse> {
  return api.GET('/api/users/me/address', { signal });
}

export const addressQueryOptions = () => queryOptions({ queryKey: addressQueryKey, queryFn: ({ signal }) => getAddress(signal) });

export function useAddress(enabled: boolean) {
  return useQuery({ ...addressQueryOptions(), enabled });
}

export function saveAddress(address: ShippingAddress): Promise<AddressResponse> {
  return api.PUT('/api/users/me/address', { body: address });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressQueryKey }),
  });
}
