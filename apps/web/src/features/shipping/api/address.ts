import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import { addressQueryKey, addressQueryOptions } from '@/lib/address';
import { api } from '@/lib/api';

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
