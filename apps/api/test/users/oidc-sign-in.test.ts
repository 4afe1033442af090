import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../src/db/schema/index.ts';
import { startBrowser } from '../support/browser.ts';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_REDIRECT_URI,
  startOidcProvider,
  type OidcProvider,
} from '../support/oidc-provider.ts';
import { DEFAULT_PASSWORD, signIn, signUp, uniqueAddress } from '../support/sessions.ts';
import { findUserByEmail } from '../../src/modules/users/users.repository.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const UNVERIFIED_ADMIN_EMAIL = 'second-appraiser@assay.test';

describe.each(engines)('sign-in through an identity provider on %s', (engine) => {
  let provider: OidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    provider.addPerson('ada', {
      email: 'ada@example.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    });
    provider.addPerson('grace', { email: 'grace@example.test', email_verified: true, name: 'Grace Brewster Hopper' });
    provider.addPerson('appraiser', { email: ADMIN_EMAIL, email_verified: true, given_name: 'Ann', family_name: 'Appraiser' });
    provider.addPerson('unverified-appraiser', {
      email: UNVERIFIED_ADMIN_EMAIL,
      email_verified: false,
      given_name: 'Una',
      family_name: 'Verified',
    });
    t = await createTestApp(engine, { ...provider.assayEnv(), ADMIN_EMAILS: `${ADMIN_EMAIL},${UNVERIFIED_ADMIN_EMAIL}` });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('sends /api/login to the provider with a state, the registered redirect URI and the scopes asked for', async () => {
    const res = await startBrowser(t.app).openAssay('/api/login?returnTo=%2Fclient');
    expect(res.statusCode).toBe(302);
    const authorize = new URL(String(res.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(OIDC_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(OIDC_REDIRECT_URI);
    expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    // The state is bound to this browser by a cookie, so it must come along with the redirect.
    expect(String(res.headers['set-cookie'])).toMatch(/state=/);
  });

  it('brings the person back signed in, on the page they asked for, with names and e-mail from the provider', async () => {
    const browser = startBrowser(t.app);
    const callback = await browser.signInAtProvider('/api/login?returnTo=%2Fclient%3Ftab%3Doffers', { as: 'ada' });
    expect(callback.origin + callback.pathname).toBe(OIDC_REDIRECT_URI);
    const landing = await browser.openAssay(callback);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/client?tab=offers');
    const me = await browser.me();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: false,
      isPremium: false,
    });
  });

  it('signs the same person into the same account the next time', async () => {
    const first = startBrowser(t.app);
    await first.openAssay(await first.signInAtProvider('/api/login', { as: 'ada' }));
    const again = startBrowser(t.app);
    const landing = await again.openAssay(await again.signInAtProvider('/api/login', { as: 'ada' }));
    expect(landing.headers.location).toBe('/');
    expect((await again.me()).json().id).toBe((await first.me()).json().id);
    expect(await t.db.select().from(users).where(eq(users.email, 'ada@example.test'))).toHaveLength(1);
  });

  it('splits the full name when the provider gives no given and family names', async () => {
    const browser = startBrowser(t.app);
    await browser.openAssay(await browser.signInAtProvider('/api/login', { as: 'grace' }));
    expect((await browser.me()).json()).toMatchObject({
      email: 'grace@example.test',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
  });

  it('makes an ADMIN_EMAILS address an admin when the provider has verified it', async () => {
    const browser = startBrowser(t.app);
    await browser.openAssay(await browser.signInAtProvider('/api/login?returnTo=%2Fadmin', { as: 'appraiser' }));
    expect((await browser.me()).json()).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
  });

  it('keeps an ADMIN_EMAILS address a client when the provider says it is not verified', async () => {
    const browser = startBrowser(t.app);
    const landing = await browser.openAssay(
      await browser.signInAtProvider('/api/login?returnTo=%2Fadmin', { as: 'unverified-appraiser' }),
    );
    expect(landing.headers.location).toBe('/admin');
    expect((await browser.me()).json()).toMatchObject({ email: UNVERIFIED_ADMIN_EMAIL, isAdmin: false });
    const [row] = await t.db.select().from(users).where(eq(users.email, UNVERIFIED_ADMIN_EMAIL));
    expect(row?.emailVerified).toBe(false);
  });

  it('never hands an existing unverified password account to a provider sign-in with the same e-mail', async () => {
    // Signed up with a password but never confirmed: someone else may have typed this address.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { 'content-type': 'application/json' },
      remoteAddress: uniqueAddress(),
      payload: { email: 'linus@example.test', password: DEFAULT_PASSWORD, name: 'Lin Us', firstName: 'Lin', lastName: 'Us' },
    });
    expect(asked.statusCode).toBe(200);
    const squatter = (await findUserByEmail(t.db, 'linus@example.test'))!;
    expect(squatter.emailVerified).toBe(false);
    provider.addPerson('linus', {
      email: 'linus@example.test',
      email_verified: true,
      given_name: 'Linus',
      family_name: 'Pauling',
    });
    const browser = startBrowser(t.app);
    const landing = await browser.openAssay(await browser.signInAtProvider('/api/login?returnTo=%2Fclient', { as: 'linus' }));
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/login?returnTo=%2Fclient&error=account_not_linked');
    expect((await browser.me()).statusCode).toBe(401);
    const linked = await t.db.select().from(accounts).where(eq(accounts.userId, squatter.id));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
    // The password account is left as it was: still waiting for its own confirmation.
    expect((await signIn(t.app, 'linus@example.test')).statusCode).toBe(403);
  });

  it('does not link an e-mail the provider has not verified to an existing verified account', async () => {
    const owner = await signUp(t.app, { email: 'marie@example.test' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));
    provider.addPerson('not-marie', {
      email: 'marie@example.test',
      email_verified: false,
      given_name: 'Not',
      family_name: 'Marie',
    });
    const browser = startBrowser(t.app);
    const landing = await browser.openAssay(await browser.signInAtProvider('/api/login', { as: 'not-marie' }));
    expect(landing.headers.location).toBe('/login?returnTo=%2F&error=account_not_linked');
    expect((await browser.me()).statusCode).toBe(401);
  });

  it('signs a verified provider e-mail into the existing verified account of that e-mail', async () => {
    const owner = await signUp(t.app, { email: 'rosalind@example.test', firstName: 'Rosalind', lastName: 'Franklin' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));
    provider.addPerson('rosalind', { email: 'rosalind@example.test', email_verified: true, given_name: 'Ros', family_name: 'F' });
    const browser = startBrowser(t.app);
    await browser.openAssay(await browser.signInAtProvider('/api/login', { as: 'rosalind' }));
    // Same account, and the names the person chose at sign-up stay.
    expect((await browser.me()).json()).toMatchObject({ id: owner.id, firstName: 'Rosalind', lastName: 'Franklin' });
  });

  it('lands a person who declines at the provider on the sign-in page with the reason', async () => {
    const browser = startBrowser(t.app);
    const callback = await browser.signInAtProvider('/api/login?returnTo=%2Fclient', { deny: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const landing = await browser.openAssay(callback);
    expect(landing.statusCode).toBe(302);
    const to = new URL(String(landing.headers.location), 'http://x');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('returnTo')).toBe('/client');
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect((await browser.me()).statusCode).toBe(401);
  });

  it('signs no one in when the state is tampered with', async () => {
    const browser = startBrowser(t.app);
    const callback = await browser.signInAtProvider('/api/login', { as: 'ada' });
    callback.searchParams.set('state', 'forged-state');
    const landing = await browser.openAssay(callback);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/login?error=state_mismatch');
    expect((await browser.me()).statusCode).toBe(401);
  });

  it('signs no one in when the state is missing', async () => {
    const browser = startBrowser(t.app);
    const callback = await browser.signInAtProvider('/api/login', { as: 'ada' });
    callback.searchParams.delete('state');
    const landing = await browser.openAssay(callback);
    expect(landing.headers.location).toBe('/login?error=state_not_found');
    expect((await browser.me()).statusCode).toBe(401);
  });

  it('signs no one in when the callback is opened in a browser that did not start the sign-in', async () => {
    const attacker = startBrowser(t.app);
    const callback = await attacker.signInAtProvider('/api/login', { as: 'ada' });
    const victim = startBrowser(t.app);
    const landing = await victim.openAssay(callback);
    expect(landing.statusCode).toBe(302);
    expect(new URL(String(landing.headers.location), 'http://x').searchParams.get('error')).toBe('state_mismatch');
    expect((await victim.me()).statusCode).toBe(401);
  });
});

async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(engines)('an identity provider that is down, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    const issuer = `http://127.0.0.1:${await closedPort()}`;
    t = await createTestApp(engine, { OIDC_ISSUER: issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET });
  });
  afterAll(() => t.close());

  it('answers /api/login with 503 and a sentence, not a 500', async () => {
    const res = await startBrowser(t.app).openAssay('/api/login?returnTo=%2Fclient');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'Sign-in with the identity provider is not available right now. Please try again in a few minutes.',
    );
  });
});
