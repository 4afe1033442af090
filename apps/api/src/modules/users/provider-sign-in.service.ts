// Starting a sign-in at the configured OpenID Connect provider. better-auth builds the
// authorization URL and keeps the state (a verification row plus a signed cookie for this browser);
// this hands both back for the /api/login redirect.
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/app-error.ts';
import { OIDC_PROVIDER_ID, SIGN_IN_PAGE } from '../../access/identity-paths.ts';
import type { Auth } from './identity.ts';

/** The sign-in page, carrying the return path along (also where a failed provider sign-in lands). */
export function signInPagePath(returnTo: string): string {
  return `${SIGN_IN_PAGE}?returnTo=${encodeURIComponent(returnTo)}`;
}

export async function startProviderSignIn(auth: Auth, returnTo: string): Promise<{ url: string; cookies: string[] }> {
  try {
    const { headers, response } = await auth.api.signInSocial({
      body: {
        provider: OIDC_PROVIDER_ID,
        callbackURL: returnTo,
        errorCallbackURL: signInPagePath(returnTo),
        disableRedirect: true,
      },
      returnHeaders: true,
    });
    if (response.url) return { url: response.url, cookies: headers.getSetCookie() };
  } catch (error) {
    // better-auth answers "provider not found" while the provider's discovery document cannot be
    // fetched (it retries on each sign-in); anything else is a bug and stays a 500.
    if (!(error instanceof APIError)) throw error;
  }
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    'Sign-in with the identity provider is not available right now. Please try again in a few minutes.',
  );
}
