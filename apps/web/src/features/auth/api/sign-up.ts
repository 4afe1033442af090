import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string };

/** Creates the account and signs it in (the answer sets the session cookie). */
export async function signUp(input: SignUpInput): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/sign-up/email`, {
    method: 'POST',
    json: { ...input, name: `${input.firstName} ${input.lastName}` },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
