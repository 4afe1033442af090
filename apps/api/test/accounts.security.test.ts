// Issue 9's account findings: the admin role waits for a proven address, sign-up says nothing about
// who is registered, guesses at one account slow down whatever addresses they come from, and common
// passwords are refused wherever a password is chosen.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAdminEmails } from '../src/modules/users/users.service.ts';
import { SIGN_IN_ATTEMPTS_PER_WINDOW } from '../src/modules/users/sign-in-throttle.ts';
import {
  cookieOf,
  DEFAULT_PASSWORD,
  latestEmailTo,
  openVerificationLink,
  requestResetToken,
  resetPassword,
  signIn,
  signUp,
  uniqueAddress,
} from './support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from './support/test-app.ts';

/** POSTs JSON to `path` exactly as written (no URL normalisation), answering the status code. */
function rawPost(port: number, path: string, body: object, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        localAddress: from,
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(engines)('account security on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},second-appraiser@assay.test` });
  });
  afterAll(() => t.close());

  const postSignUp = (email: string, password = DEFAULT_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: uniqueAddress(),
      payload: { email, password, name: 'Pat Person', firstName: 'Pat', lastName: 'Person' },
    });
  const whoAmI = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();

  it('gives an ADMIN_EMAILS address a client account until its owner confirms it', async () => {
    const email = 'second-appraiser@assay.test';
    expect((await postSignUp(email)).statusCode).toBe(200);
    // Not confirmed: no session yet, and a restart's ADMIN_EMAILS pass does not promote it.
    const early = await signIn(t.app, email, DEFAULT_PASSWORD, uniqueAddress());
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/confirm your e-mail address first/);
    await syncAdminEmails(t.db, [email]);
    const { findUserByEmail } = await import('../src/modules/users/users.repository.ts');
    expect((await findUserByEmail(t.db, email))?.isAdmin).toBe(false);

    const verified = await openVerificationLink(t.app, email);
    expect(verified.statusCode).toBe(302);
    expect(await whoAmI(cookieOf(verified))).toMatchObject({ email, isAdmin: true });
  });

  it('answers a sign-up with a registered address exactly like a new one, and tells the owner', async () => {
    const existing = await signUp(t.app);
    const fresh = await postSignUp(`fresh-${Date.now()}@assay.test`);
    const again = await postSignUp(existing.email, 'another-long-password');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      keys: Object.keys(body.user).sort(),
      emailVerified: body.user.emailVerified,
      isAdmin: body.user.isAdmin,
    });
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    const notice = await latestEmailTo(t.app, existing.email, /Someone tried to create an Assay account/);
    expect(notice?.textBody).toContain('/forgot-password');
    // The existing account is untouched: the old password still works, the new one does not.
    expect((await signIn(t.app, existing.email, 'another-long-password', uniqueAddress())).statusCode).toBe(401);
    expect((await signIn(t.app, existing.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
  });

  it('slows down 20 guesses at one account from 20 addresses', async () => {
    const victim = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await signIn(t.app, victim.email, `guess-number-${i}`, uniqueAddress())).statusCode);
    expect(codes.slice(0, SIGN_IN_ATTEMPTS_PER_WINDOW)).toEqual(Array(SIGN_IN_ATTEMPTS_PER_WINDOW).fill(401));
    expect(codes.slice(SIGN_IN_ATTEMPTS_PER_WINDOW)).toEqual(Array(20 - SIGN_IN_ATTEMPTS_PER_WINDOW).fill(429));
    // Even the right password waits: otherwise guess 21 could still be tried.
    const owner = await signIn(t.app, victim.email, DEFAULT_PASSWORD, uniqueAddress());
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toMatch(/^Too many sign-in attempts for this account\. Please wait 15 minutes/);
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('counts guesses sent by a roundabout path to the same sign-in', async () => {
    const victim = await signUp(t.app);
    // Over a real socket: an HTTP client sends the path as written, dot segments included, and
    // better-auth resolves them to its sign-in route.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_WINDOW + 2; i++) {
      // Each from its own loopback address, so only the per-account count can slow them down.
      const from = `127.0.${engine === 'pglite' ? 1 : 2}.${i + 10}`;
      codes.push(
        await rawPost(port, '/api/identity/x/../sign-in/email', { email: victim.email, password: `roundabout-guess-${i}` }, from),
      );
    }
    expect(codes.slice(0, SIGN_IN_ATTEMPTS_PER_WINDOW)).toEqual(Array(SIGN_IN_ATTEMPTS_PER_WINDOW).fill(401));
    expect(codes.slice(SIGN_IN_ATTEMPTS_PER_WINDOW)).toEqual([429, 429]);
  });

  it('lets only the allowed number of simultaneous guesses reach the password check', async () => {
    const victim = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(t.app, victim.email.toUpperCase(), `parallel-guess-${i}`, uniqueAddress())),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(SIGN_IN_ATTEMPTS_PER_WINDOW);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - SIGN_IN_ATTEMPTS_PER_WINDOW);
  });

  it('does not forget the guesses when a request is refused for another reason', async () => {
    const victim = await signUp(t.app);
    for (let round = 0; round < 3; round++) {
      await signIn(t.app, victim.email, `guess-round-${round}-a`, uniqueAddress());
      await signIn(t.app, victim.email, `guess-round-${round}-b`, uniqueAddress());
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        remoteAddress: uniqueAddress(),
        payload: { email: victim.email, password: DEFAULT_PASSWORD },
      });
      // Refused either way (foreign, or already over the count), and counted as an attempt.
      expect([403, 429]).toContain(foreign.statusCode);
    }
    expect((await signIn(t.app, victim.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(429);
  });

  it("does not let an owner's earlier typos count once the right password is given", async () => {
    const client = await signUp(t.app);
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_WINDOW - 1; i++)
      await signIn(t.app, client.email, 'a-typo-password', uniqueAddress());
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_WINDOW; i++) {
      expect((await signIn(t.app, client.email, 'a-typo-password', uniqueAddress())).statusCode).toBe(401);
    }
  });

  it('refuses common passwords at sign-up and at reset, with a sentence, creating nothing', async () => {
    const email = `common-${Date.now()}@assay.test`;
    const res = await postSignUp(email, 'Password123');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/one of the most common ones/);
    expect(await latestEmailTo(t.app, email, /./)).toBeNull();

    const client = await signUp(t.app);
    const token = await requestResetToken(t.app, client.email);
    const reset = await resetPassword(t.app, token, 'qwertyuiop');
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/one of the most common ones/);
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
  });

  it('answers a foreign origin with a sentence, not a library message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      remoteAddress: uniqueAddress(),
      payload: { email: 'x@assay.test', password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "This request came from a page that is not Assay's. Open http://localhost:3000 in your browser and try again from there.",
    );
  });

  it('lets a newcomer on 127.0.0.1 sign up outside production', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      remoteAddress: uniqueAddress(),
      payload: {
        email: `loopback-${Date.now()}@assay.test`,
        password: DEFAULT_PASSWORD,
        name: 'Lo Op',
        firstName: 'Lo',
        lastName: 'Op',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
