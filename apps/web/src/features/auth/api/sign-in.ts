import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

export type SignInInput = { email: string; password: string };

/** 200 sets the session cookie; 401 {code, message} for wrong credentials; 429 when rate-limited. */
export async function signIn(input: SignInInput): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/sign-in/email`, { method: 'POST', json: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
