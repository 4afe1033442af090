// better-auth's two-factor routes as the browser uses them (decision 026): a password sign-in that
// stops at the code step, the code or a recovery code that finishes it, and the set-up of an
// authenticator app (otpauth URI and recovery codes, then the first code to confirm it).
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiJson } from '@/lib/api-client';
import { IDENTITY_BASE } from './identity';

/** Finishes a sign-in stopped at the code step (the pending sign-in lives in a short-lived cookie). */
export async function verifySignInCode(input: { code: string; recovery: boolean }): Promise<void> {
  const path = input.recovery ? 'verify-backup-code' : 'verify-totp';
  await apiFetch(`${IDENTITY_BASE}/two-factor/${path}`, { method: 'POST', json: { code: input.code } });
}

export function useVerifySignInCode() {
  return useMutation({ mutationFn: verifySignInCode });
}

export interface AuthenticatorSetUp {
  /** otpauth://totp/Assay:email?secret=...: what the QR code holds. */
  totpURI: string;
  /** Shown once: each signs in once in place of a code. */
  backupCodes: string[];
}

/** Starts (or restarts) setting up an authenticator app; the password proves it is the owner. */
export function startAuthenticatorSetUp(password: string | undefined): Promise<AuthenticatorSetUp> {
  return apiJson<AuthenticatorSetUp>(`${IDENTITY_BASE}/two-factor/enable`, {
    method: 'POST',
    json: password ? { password } : {},
  });
}

/** The first code from the app: the set-up is confirmed, and the session replaced by one that proved it. */
export async function confirmAuthenticator(code: string): Promise<void> {
  await apiFetch(`${IDENTITY_BASE}/two-factor/verify-totp`, { method: 'POST', json: { code } });
}

/** The account name and the secret an app asks for when the QR code cannot be scanned. */
export function manualEntryOf(totpURI: string): { account: string; secret: string } {
  const url = new URL(totpURI);
  const label = decodeURIComponent(url.pathname.replace(/^\/*totp\//, '').replace(/^\/+/, ''));
  const secret = url.searchParams.get('secret') ?? '';
  return { account: label.includes(':') ? label.slice(label.indexOf(':') + 1) : label, secret };
}

/** Groups of four, as authenticator apps print secrets: easier to copy by eye. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
