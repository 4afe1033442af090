import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycStatusResponse, KycSubmissionInput } from '@assay/domain';
import { api, type ApiAnswer } from '@/lib/api';

export const kycQueryKey = ['/api/kyc'] as const;

export function getKyc(signal?: AbortSignal): Promise<KycStatusResponse> {
  return api.GET('/api/kyc', { signal });
}

export const kycQueryOptions = () => queryOptions({ queryKey: kycQueryKey, queryFn: ({ signal }) => getKyc(signal) });

export function useKyc(enabled: boolean) {
  return useQuery({ ...kycQueryOptions(), enabled });
}

export function submitKyc(input: KycSubmissionInput): Promise<ApiAnswer<'post', '/api/kyc'>> {
  return api.POST('/api/kyc', { body: input });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueryKey }),
  });
}
