// A real OpenID Connect provider (the `oidc-provider` package) on loopback, with one client
// registered for Assay's callback and a handful of people whose claims a test sets. Its login and
// consent screens are replaced by one URL a test "clicks": /interaction/<uid>?as=<person> signs that
// person in and grants the requested scopes; /interaction/<uid>?deny=1 declines; without either it
// shows those choices as links (for a walk in a real browser).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type AccountClaims } from 'oidc-provider';
import { TEST_ORIGIN } from './test-app.ts';

export const OIDC_CLIENT_ID = 'assay-test-client';
export const OIDC_CLIENT_SECRET = 'assay-test-client-secret-0123456789';
/** What README tells operators to register: PUBLIC_URL + this path. */
export const OIDC_REDIRECT_URI = `${TEST_ORIGIN}/api/identity/callback/oidc`;

export type PersonClaims = Omit<AccountClaims, 'sub'>;

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
}

function choicesPage(uid: string, people: Iterable<string>): string {
  const link = (query: string, text: string) => `<li><a href="/interaction/${uid}?${query}">${text}</a></li>`;
  const choices = [...people].map((sub) => link(`as=${encodeURIComponent(sub)}`, `Sign in as ${sub}`));
  return `<!doctype html><title>Test provider</title><ul>${choices.join('')}${link('deny=1', 'Decline')}</ul>`;
}

/** `redirectUri`: Assay's callback at the PUBLIC_URL the Assay under test uses. */
export async function startOidcProvider({ redirectUri = OIDC_REDIRECT_URI } = {}) {
  const people = new Map<string, PersonClaims>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [await signingKey()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    // Set only so the provider does not print a notice for each default it falls back to.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const claims = people.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
  });

  async function interact(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const details = await provider.interactionDetails(req, res);
    if (url.searchParams.has('deny')) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person declined.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = url.searchParams.get('as');
    if (accountId === null) {
      res.setHeader('content-type', 'text/html');
      res.end(choicesPage(details.uid, people.keys()));
      return;
    }
    if (!people.has(accountId)) throw new Error(`no such person at the provider: ${accountId}`);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const providerCallback = provider.callback();
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    // Koa's callback catches and answers its own errors, so its promise is not ours to handle.
    if (!url.pathname.startsWith('/interaction/')) return void providerCallback(req, res);
    interact(req, res, url).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    /** Adds (or replaces) a person the provider can sign in, known by `sub`. */
    addPerson(sub: string, claims: PersonClaims) {
      people.set(sub, claims);
    },
    /** The environment that points Assay at this provider. */
    assayEnv(): Record<string, string> {
      return { OIDC_ISSUER: issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
