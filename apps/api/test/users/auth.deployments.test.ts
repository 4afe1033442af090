// Signing in as each kind of install really runs: a newcomer's demo opened at 127.0.0.1 or
// localhost, and a production instance behind https, whose session cookie must be Secure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, openVerificationLink, uniqueAddress } from '../support/sessions.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

/** Signs up (`sign-up`) or in (`sign-in`) as a browser at `origin` would. */
function fromBrowserAt(t: TestApp, origin: string, action: 'sign-up' | 'sign-in', email: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/identity/${action}/email`,
    headers: { origin, 'content-type': 'application/json' },
    remoteAddress: uniqueAddress(),
    payload:
      action === 'sign-up'
        ? { email, password: DEFAULT_PASSWORD, name: 'Nia Newcomer', firstName: 'Nia', lastName: 'Newcomer' }
        : { email, password: DEFAULT_PASSWORD },
  });
}

const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat() as string[];

describe.each(engines)('a demo install on %s, without PUBLIC_URL', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { NODE_ENV: 'development', PUBLIC_URL: '', PORT: '3000' });
  });
  afterAll(() => t.close());

  it.each(['http://127.0.0.1:3000', 'http://localhost:3000'])('lets a newcomer at %s sign up and sign in', async (origin) => {
    const email = `newcomer-${new URL(origin).hostname}@assay.test`;
    const up = await fromBrowserAt(t, origin, 'sign-up', email);
    expect(up.statusCode, up.body).toBe(200);
    expect((await openVerificationLink(t.app, email)).statusCode).toBe(302);
    const inAgain = await fromBrowserAt(t, origin, 'sign-in', email);
    expect(inAgain.statusCode, inAgain.body).toBe(200);
    expect(setCookies(inAgain).some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
  });
});

describe.each(engines)('a production instance on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ...PRODUCTION_ENV, PRICE_FEED: 'simulated' });
  });
  afterAll(() => t.close());

  it('sets a Secure, HttpOnly session cookie at sign-in', async () => {
    const email = 'seller@assay.test';
    expect((await fromBrowserAt(t, 'https://assay.example', 'sign-up', email)).statusCode).toBe(200);
    expect((await openVerificationLink(t.app, email)).statusCode).toBe(302);
    const res = await fromBrowserAt(t, 'https://assay.example', 'sign-in', email);
    expect(res.statusCode, res.body).toBe(200);
    const session = setCookies(res).find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session, setCookies(res).join('\n')).toBeDefined();
    const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    for (const cookie of setCookies(res)) expect(cookie.toLowerCase()).toMatch(/;\s*secure(;|$)/);
  });
});
