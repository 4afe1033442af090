import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

export type SignInInput = { email: string; password: string };

/** What a right password leads to: signed in, or (an account with an authenticator app) the code step. */
export type SignInResult = { next: 'signed-in' } | { next: 'code' };

/**
 * 200 sets the session cookie, or answers { twoFactorRedirect: true } and a short-lived cookie for
 * the code step instead; 401 {code, message} for wrong credentials; 429 when rate-limited.
 */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  const answer = await apiJson<{ twoFactorRedirect?: boolean } | null>(`${IDENTITY_BASE}/sign-in/email`, {
    method: 'POST',
    json: input,
  });
  return answer?.twoFactorRedirect === true ? { next: 'code' } : { next: 'signed-in' };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
