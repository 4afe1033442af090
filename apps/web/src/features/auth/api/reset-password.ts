import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/reset-password`, { method: 'POST', json: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
