import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycStatusResponse, KycSubmissionInput } from '@assay/domain';
import { apiJson } from '@/lib/api-client';

export const kycQueryKey = ['/api/kyc'] as const;

export function getKyc(signal?: AbortSignal): Promise<KycStatusResponse> {
  return apiJson<KycStatusResponse>('/api/kyc', { signal });
}

export const kycQueryOptions = () => queryOptions({ queryKey: kycQueryKey, queryFn: ({ signal }) => getKyc(signal) });

export function useKyc(enabled: boolean) {
  return useQuery({ ...kycQueryOptions(), enabled });
}

export function submitKyc(input: KycSubmissionInput): Promise<{ status: 'pending' }> {
  return apiJson<{ status: 'pending' }>('/api/kyc', { method: 'POST', json: input });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueryKey }),
  });
}
