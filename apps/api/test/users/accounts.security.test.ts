// Issue 9's and issue 25's account findings: the admin role waits for a proven address, sign-up says
// nothing about who is registered, guesses slow down the address they come from without locking the
// owner out (and an account's ceiling gives way to the reset link), and weak passwords are refused
// wherever a password is chosen.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAttempts, signInClientAttempts } from '../../src/db/schema/index.ts';
import { accountKeyOf, pruneSignInThrottle } from '../../src/modules/users/sign-in-throttle.repository.ts';
import { syncAdminEmails } from '../../src/modules/users/index.ts';
import {
  ACCOUNT_TRIES_PER_WINDOW,
  accountPausedMessage,
  clientWaitMessage,
  FREE_TRIES_PER_CLIENT,
} from '../../src/modules/users/sign-in-throttle.ts';
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
} from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

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
    const { findUserByEmail } = await import('../../src/modules/users/users.repository.ts');
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

  const admit = (email: string, address: string, now: Date) => t.app.ctx.identity.admitPasswordSignIn(email, address, now);

  it('never lets guesses from one address lock the owner out: only that address waits', async () => {
    const victim = await signUp(t.app);
    const attacker = uniqueAddress();
    const answers = [];
    // The throttle's clock stands still, so that a slow machine cannot let a delay run out.
    const frozen = vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(new Date());
    try {
      for (let i = 0; i < 10; i++) answers.push(await signIn(t.app, victim.email, `guess-number-${i}`, attacker));
    } finally {
      frozen.mockRestore();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(FREE_TRIES_PER_CLIENT).fill(401), ...Array(5).fill(429)]);
    const refused = answers.at(-1)!;
    expect(refused.json().message).toBe(clientWaitMessage(Number(refused.headers['retry-after'])));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, from their own address, signs in at once, and so would anyone else.
    expect((await signIn(t.app, victim.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
    // Twenty more addresses guessing at once do not change that.
    await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.app, victim.email, `spread-guess-${i}`, uniqueAddress())));
    expect((await signIn(t.app, victim.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
  });

  it('makes each further try from one address wait twice as long as the one before', async () => {
    const email = `delays-${Date.now()}@assay.test`;
    const from = uniqueAddress();
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 10, 0, seconds));
    for (let i = 0; i < FREE_TRIES_PER_CLIENT; i++) expect((await admit(email, from, at(0))).admitted).toBe(true);
    let now = 0;
    for (const wait of [2, 4, 8, 16]) {
      expect(await admit(email, from, at(now + wait - 1))).toMatchObject({ admitted: false, retryAfterSeconds: 1 });
      expect((await admit(email, from, at(now + wait))).admitted).toBe(true);
      now += wait;
    }
    expect(await admit(email, from, at(now))).toMatchObject({ admitted: false, retryAfterSeconds: 32 });
    // Another address is not slowed down by any of it.
    expect((await admit(email, uniqueAddress(), at(now))).admitted).toBe(true);
  });

  it('lets only the free tries of simultaneous guesses from one address reach the password check', async () => {
    const email = `parallel-${Date.now()}@assay.test`;
    const from = uniqueAddress();
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 20 }, () => admit(email.toUpperCase(), from, now)));
    expect(answers.filter((a) => a.admitted)).toHaveLength(FREE_TRIES_PER_CLIENT);
  });

  it('pauses password sign-in at the hourly ceiling, and the e-mailed reset link still lets the owner in', async () => {
    const victim = await signUp(t.app);
    const now = new Date();
    // A botnet's guesses: a few from each of many addresses, up to the account's ceiling.
    for (let i = 0; i < ACCOUNT_TRIES_PER_WINDOW; i++)
      expect((await admit(victim.email, `10.9.${i >> 2}.${i}`, now)).admitted).toBe(true);
    const paused = await signIn(t.app, victim.email, DEFAULT_PASSWORD, uniqueAddress());
    expect(paused.statusCode).toBe(429);
    const retryAfter = Number(paused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(paused.json().message).toBe(accountPausedMessage(retryAfter));

    // The reset link works during the pause, and ends it.
    const token = await requestResetToken(t.app, victim.email, uniqueAddress());
    expect((await resetPassword(t.app, token, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await signIn(t.app, victim.email, 'a-brand-new-password', uniqueAddress())).statusCode).toBe(200);
  });

  it('lets the reset link end the wait of the address that made the mistakes too', async () => {
    const client = await signUp(t.app);
    const home = uniqueAddress();
    // Counted as the sign-in route counts them (over HTTP, better-auth's own limit of 5 a minute
    // per address would also hold the owner's next minute).
    for (let i = 0; i < FREE_TRIES_PER_CLIENT; i++) await admit(client.email, home, new Date());
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, home)).statusCode).toBe(429);
    const token = await requestResetToken(t.app, client.email, uniqueAddress());
    expect((await resetPassword(t.app, token, 'a-remembered-password')).statusCode).toBe(200);
    expect((await signIn(t.app, client.email, 'a-remembered-password', home)).statusCode).toBe(200);
  });

  it('counts guesses sent by a roundabout path to the same sign-in', async () => {
    const victim = await signUp(t.app);
    // Over a real socket: an HTTP client sends the path as written, dot segments included, and
    // better-auth resolves them to its sign-in route.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const from = `127.0.${engine === 'pglite' ? 1 : 2}.10`;
    const codes: number[] = [];
    for (let i = 0; i < FREE_TRIES_PER_CLIENT; i++) {
      codes.push(
        await rawPost(port, '/api/identity/x/../sign-in/email', { email: victim.email, password: `roundabout-guess-${i}` }, from),
      );
    }
    expect(codes).toEqual(Array(FREE_TRIES_PER_CLIENT).fill(401));
    const [pair] = await t.db
      .select({ attempts: signInClientAttempts.attempts })
      .from(signInClientAttempts)
      .where(eq(signInClientAttempts.accountKey, accountKeyOf(victim.email)));
    expect(pair?.attempts).toBe(FREE_TRIES_PER_CLIENT);
  });

  it('does not forget a try when the request is refused for another reason', async () => {
    const victim = await signUp(t.app);
    const from = uniqueAddress();
    for (let i = 0; i < FREE_TRIES_PER_CLIENT - 1; i++) await signIn(t.app, victim.email, `guess-${i}-a`, from);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      remoteAddress: from,
      payload: { email: victim.email, password: DEFAULT_PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await signIn(t.app, victim.email, DEFAULT_PASSWORD, from)).statusCode).toBe(429);
  });

  it("does not let an owner's earlier typos count once the right password is given", async () => {
    const email = `typos-${Date.now()}@assay.test`;
    const home = uniqueAddress();
    const now = new Date();
    for (let i = 0; i < FREE_TRIES_PER_CLIENT - 1; i++) await admit(email, home, now);
    const right = await admit(email, home, now);
    if (!right.admitted) throw new Error('the right password was refused');
    await t.app.ctx.identity.passwordAccepted(right.ticket);
    for (let i = 0; i < FREE_TRIES_PER_CLIENT; i++) expect((await admit(email, home, now)).admitted).toBe(true);
    expect((await admit(email, home, now)).admitted).toBe(false);
  });

  it('refuses common passwords at sign-up and at reset, with a sentence, creating nothing', async () => {
    const email = `common-${Date.now()}@assay.test`;
    const res = await postSignUp(email, 'Password123');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/one of the most common ones/);
    expect(await latestEmailTo(t.app, email, /./)).toBeNull();

    const client = await signUp(t.app);
    const token = await requestResetToken(t.app, client.email, uniqueAddress());
    const reset = await resetPassword(t.app, token, 'qwertyuiop');
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/one of the most common ones/);
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
  });

  it('prunes the throttle rows that no longer count, and keeps the live ones', async () => {
    const email = `prune-${Date.now()}@assay.test`;
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 25 * 60 * 60 * 1000);
    await admit(email, '10.8.0.1', dayAgo);
    await admit(email, '10.8.0.2', now);
    await pruneSignInThrottle(t.db, now);
    const rows = await t.db
      .select({ attempts: signInClientAttempts.attempts })
      .from(signInClientAttempts)
      .where(eq(signInClientAttempts.accountKey, accountKeyOf(email)));
    expect(rows).toEqual([{ attempts: 1 }]);
    const [account] = await t.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.accountKey, accountKeyOf(email)));
    expect(account?.attempts).toBe(1);
  });

  it('refuses the first-guessed passwords with a sentence at sign-up, on change and at reset', async () => {
    const client = await signUp(t.app);
    const changePassword = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/change-password',
        headers: { cookie: client.cookie, 'content-type': 'application/json' },
        payload: { currentPassword: DEFAULT_PASSWORD, newPassword },
      });
    for (const password of ['password123', '1234567890', 'qwertyuiop', 'aaaaaaaaaa']) {
      const email = `weak-${Date.now()}@assay.test`;
      const signUpAnswer = await postSignUp(email, password);
      expect(signUpAnswer.statusCode, password).toBe(400);
      expect(signUpAnswer.json().message, password).toMatch(/would be among the first guessed/);
      expect(await latestEmailTo(t.app, email, /./)).toBeNull();
      const change = await changePassword(password);
      expect(change.statusCode, password).toBe(400);
      expect(change.json().message, password).toMatch(/would be among the first guessed/);
    }
    // The account's own e-mail name is refused where the server knows the address: sign-up, change, reset.
    const named = `patricia.person.${Date.now()}@assay.test`;
    const ownName = named.split('@')[0]!.replace(/\./g, '') + '!';
    const signUpWithName = await postSignUp(named, ownName);
    expect(signUpWithName.statusCode).toBe(400);
    expect(signUpWithName.json().message).toMatch(/must not be your e-mail address/);
    const clientName = client.email.split('@')[0]!;
    expect((await changePassword(`${clientName}2026!`)).json().message).toMatch(/must not be your e-mail address/);
    const token = await requestResetToken(t.app, client.email, uniqueAddress());
    expect((await resetPassword(t.app, token, `${clientName}2026!`)).json().message).toMatch(/must not be your e-mail address/);
    // Nothing changed: the old password still signs in.
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, uniqueAddress())).statusCode).toBe(200);
  });

  it('refuses an e-mail address longer than 254 characters with a sentence', async () => {
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(tooLong).toHaveLength(255);
    const res = await postSignUp(tooLong);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('An e-mail address can be at most 254 characters');
    expect(await latestEmailTo(t.app, tooLong, /./)).toBeNull();
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
