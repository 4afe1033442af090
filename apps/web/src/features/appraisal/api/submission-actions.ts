import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSubmission, AdminUpdateSubmissionInput, DispositionBody } from '@assay/domain';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * What to do when the change is answered. Given to the hook, not to mutate(): the card that
 * started the change is often replaced by the refreshed one before the answer is handled, and
 * mutate()'s own callbacks do not run once their component is gone.
 */
export type AdminActionCallbacks = {
  onSuccess?: (submission: AdminSubmission) => void;
  onError?: (error: unknown) => void;
};

/** Every admin change can move a card between tabs and counts, so all admin data is refetched. */
function useAdminMutation<V>(mutationFn: (variables: V) => Promise<AdminSubmission>, callbacks: AdminActionCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (submission) => callbacks.onSuccess?.(submission),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** SPEC 7: PUT /api/submissions/{id} with status offered; `version` guards against a stale form. */
export function useSubmitOffer(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    ({ id, ...body }: AdminUpdateSubmissionInput & { id: string }) =>
      api.PUT('/api/submissions/{id}', { params: { path: { id } }, body }),
    callbacks,
  );
}

/** POST .../receive, with the intake photos uploaded for it (DECISIONS "Intake evidence"). */
export function useMarkReceived(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    ({ id, intakePhotoIds = [] }: { id: string; intakePhotoIds?: string[] }) =>
      api.POST('/api/admin/submissions/{id}/receive', { params: { path: { id } }, body: { intakePhotoIds } }),
    callbacks,
  );
}

/** POST .../return-delivered: the item shipped back reached the client (DECISIONS "Returning"). */
export function useMarkReturnDelivered(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    (id: string) => api.POST('/api/admin/submissions/{id}/return-delivered', { params: { path: { id } } }),
    callbacks,
  );
}

export function useReturnSubmission(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    ({ id, reason }: { id: string; reason?: string }) =>
      api.POST('/api/admin/submissions/{id}/return', { params: { path: { id } }, body: { reason } }),
    callbacks,
  );
}

export function useRequestPhotos(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    ({ id, message }: { id: string; message?: string }) =>
      api.POST('/api/admin/submissions/{id}/request-photos', { params: { path: { id } }, body: { message } }),
    callbacks,
  );
}

export function useRequestIdVerification(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    (id: string) => api.POST('/api/admin/submissions/{id}/request-id', { params: { path: { id } } }),
    callbacks,
  );
}

/** POST .../offer/reissue: the current offer again at today's prices, as a new version. */
export function useReissueOffer(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    (id: string) => api.POST('/api/admin/submissions/{id}/offer/reissue', { params: { path: { id } } }),
    callbacks,
  );
}

/** POST .../counter/accept: the client's counter-offer becomes the offer, as a new version. */
export function useAcceptCounterOffer(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    (id: string) => api.POST('/api/admin/submissions/{id}/counter/accept', { params: { path: { id } } }),
    callbacks,
  );
}

/** POST .../disposition: a bought item melted, resold or consigned; the server refuses it before the hold ends. */
export function useDisposeItem(callbacks: AdminActionCallbacks = {}) {
  return useAdminMutation(
    ({ id, ...body }: DispositionBody & { id: string }) =>
      api.POST('/api/admin/submissions/{id}/disposition', { params: { path: { id } }, body }),
    callbacks,
  );
}
