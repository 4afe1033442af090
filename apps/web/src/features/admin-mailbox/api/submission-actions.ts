import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSubmission, AdminUpdateSubmissionInput } from '@assay/domain';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

const submissionPath = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}`;

/** Every admin change can move a card between tabs and counts, so all admin data is refetched. */
function useAdminMutation<V>(mutationFn: (variables: V) => Promise<AdminSubmission>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** SPEC 7: PUT /api/submissions/{id} with status offered; `version` guards against a stale form. */
export function useSubmitOffer() {
  return useAdminMutation(({ id, ...body }: AdminUpdateSubmissionInput & { id: string }) =>
    apiJson<AdminSubmission>(`/api/submissions/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
  );
}

export function useMarkReceived() {
  return useAdminMutation((id: string) => apiJson<AdminSubmission>(`${submissionPath(id)}/receive`, { method: 'POST' }));
}

export function useReturnSubmission() {
  return useAdminMutation(({ id, reason }: { id: string; reason?: string }) =>
    apiJson<AdminSubmission>(`${submissionPath(id)}/return`, { method: 'POST', json: { reason } }),
  );
}

export function useRequestPhotos() {
  return useAdminMutation(({ id, message }: { id: string; message?: string }) =>
    apiJson<AdminSubmission>(`${submissionPath(id)}/request-photos`, { method: 'POST', json: { message } }),
  );
}

export function useRequestIdVerification() {
  return useAdminMutation((id: string) => apiJson<AdminSubmission>(`${submissionPath(id)}/request-id`, { method: 'POST' }));
}
