import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { IDENTITY_BASE } from './identity';

/** The e-mailed link lands on /reset-password?token=... (or ?error=INVALID_TOKEN). */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/request-password-reset`, {
    method: 'POST',
    json: { email: input.email, redirectTo: paths.resetPassword },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
