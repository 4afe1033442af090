import createClient from 'openapi-fetch';
import { sendChecked } from './api-client';
import type { paths } from './api-schema';

/**
 * openapi-fetch's client, loaded by ./api.ts on the first call rather than with the page: the
 * landing page's first-load JavaScript has a budget (bench/landing-bundle.bench.ts), and its
 * server-rendered HTML shows the page before any call is made.
 */
export const client = createClient<paths>({
  // The page's own origin: openapi-fetch builds a Request, which needs an absolute URL outside a
  // browser (the tests' jsdom). Server rendering has no location and calls no API.
  baseUrl: globalThis.location?.origin,
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // Looked up at each call (not captured here), so a test's mock of fetch is the one used. The
  // request is cloned for each sending: a body can be read only once, and a step-up sends it again.
  fetch: (request) => sendChecked(() => fetch(request.clone())),
});
