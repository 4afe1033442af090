/**
 * What went wrong when the identity provider sent the person back here: the server lands a failed
 * provider sign-in on /login?error=<code> (better-auth's codes, or the provider's OAuth error).
 * Only known codes get their own sentence; the URL's own text (error_description) is never shown,
 * since anyone can write a link to this page.
 */
export interface ProviderSignInError {
  message: string;
  /** Whether sending the person to the provider again can help. */
  canRetry: boolean;
}

const EXPIRED: ProviderSignInError = {
  message: 'That sign-in expired or was started in another browser. Please sign in again.',
  canRetry: true,
};

const byCode: Record<string, ProviderSignInError> = {
  access_denied: { message: 'Signing in at your identity provider was cancelled.', canRetry: true },
  account_not_linked: {
    message: 'An Assay account already uses this e-mail address. Sign in below with its password.',
    canRetry: false,
  },
  email_not_found: {
    message: 'Your identity provider did not share your e-mail address, which Assay needs to sign you in.',
    canRetry: false,
  },
  state_mismatch: EXPIRED,
  state_not_found: EXPIRED,
  state_invalid: EXPIRED,
};

export function providerSignInError(code: string | null): ProviderSignInError | null {
  if (!code) return null;
  return Object.hasOwn(byCode, code)
    ? byCode[code]!
    : { message: 'Signing in with your identity provider did not work. Please try again.', canRetry: true };
}
