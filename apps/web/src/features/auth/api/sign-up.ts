import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string; callbackURL: string };

/**
 * Asks for the account. The answer is the same whether or not the address is registered, and
 * signs nobody in: the link e-mailed to the address does, then opens `callbackURL`.
 */
export async function signUp(input: SignUpInput): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/sign-up/email`, {
    method: 'POST',
    json: { ...input, name: `${input.firstName} ${input.lastName}` },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
