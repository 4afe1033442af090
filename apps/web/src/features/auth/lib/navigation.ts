import { paths, serverPaths, withReturnTo } from '@/lib/paths';

// The auth forms build their links with it; the table keeps the one definition.
export { withReturnTo };

/**
 * Where to go after signing in. Only a same-origin path that starts with a single '/' is
 * accepted: '//evil.example', '/\\evil.example', 'https://...' and anything that resolves to
 * another origin fall back to '/'.
 */
export function safeReturnTo(returnTo: string | null | undefined): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) return paths.home;
  // Control characters and whitespace could be stripped by the URL parser into something else.
  if (/[\s\p{Cc}]/u.test(returnTo)) return paths.home;
  try {
    const url = new URL(returnTo, window.location.origin);
    if (url.origin !== window.location.origin) return paths.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return paths.home;
  }
}

/** Full page navigation, so the app restarts and the current user is fetched afresh. */
export function navigateAfterSignIn(returnTo: string | null | undefined): void {
  window.location.assign(safeReturnTo(returnTo));
}

/** The server's sign-in entry (the identity provider when one is configured), then back to `returnTo`. */
export function signInUrl(returnTo: string | null): string {
  return serverPaths.signIn(returnTo);
}

/** A visitor who opens a signed-in page: sign in, then come back here. */
export function redirectToSignIn(path: string = window.location.pathname + window.location.search): void {
  window.location.assign(signInUrl(path));
}

export function signOut(): void {
  window.location.assign(serverPaths.signOut);
}
