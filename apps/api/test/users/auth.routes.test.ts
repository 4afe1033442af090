import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordHasherFor } from '../../src/modules/users/password-hashing.ts';
import {
  cookieOf,
  DEFAULT_PASSWORD,
  openVerificationLink,
  requestResetToken,
  resetPassword,
  signIn,
  signUp,
} from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('accounts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor asking for the current user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('signs up a client and answers exactly the public user fields', async () => {
    const client = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: client.id,
      email: client.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: false,
      isPremium: false,
      twoFactorEnabled: false,
      mustEnrolSecondFactor: false,
    });
  });

  it('cannot make itself admin through the sign-up body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'sneaky@assay.test', password: DEFAULT_PASSWORD, name: 'S N', isAdmin: true },
    });
    if (res.statusCode === 400) return;
    const verified = await openVerificationLink(t.app, 'sneaky@assay.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieOf(verified) } });
    expect(me.json()).toMatchObject({ email: 'sneaky@assay.test', isAdmin: false });
  });

  it('makes ADMIN_EMAILS admins once their address is confirmed', async () => {
    const admin = await signUp(t.app, { email: ADMIN_EMAIL });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin.cookie } });
    expect(res.json().isAdmin).toBe(true);
  });

  it('takes a revoked admin role away from the very next request', async () => {
    const { changeAdminRole } = await import('../../src/modules/users/users.service.ts');
    const person = await signUp(t.app);
    const ask = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } });
    await changeAdminRole(t.db, person.email, true);
    expect((await ask()).json().isAdmin).toBe(true);
    await changeAdminRole(t.db, person.email.toUpperCase(), false);
    expect((await ask()).json().isAdmin).toBe(false);
    await expect(changeAdminRole(t.db, 'nobody@assay.test', true)).rejects.toThrow(/No account uses the e-mail/);
  });

  it('gives the same message for a wrong password and an unknown e-mail', async () => {
    const client = await signUp(t.app);
    const wrong = await signIn(t.app, client.email, 'not-the-password', '198.51.100.1');
    const unknown = await signIn(t.app, 'nobody@assay.test', 'not-the-password', '198.51.100.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('does the same work for an unknown e-mail as for a known one: one password verification', async () => {
    const client = await signUp(t.app);
    // Work is counted through the hashing module, which every hash and verification goes through.
    const hasher = passwordHasherFor(t.config.passwordHashing);
    const verify = vi.spyOn(hasher, 'verify');
    const hash = vi.spyOn(hasher, 'hash');
    try {
      const work = async (email: string) => {
        verify.mockClear();
        hash.mockClear();
        const res = await signIn(t.app, email, 'not-the-password', '198.51.100.3');
        return {
          status: res.statusCode,
          body: res.json(),
          verifications: verify.mock.calls.length,
          hashes: hash.mock.calls.length,
        };
      };
      const known = await work(client.email);
      const unknown = await work(`nobody-${Date.now()}@assay.test`);
      expect(known).toEqual({ status: 401, body: expect.anything(), verifications: 1, hashes: 0 });
      expect(unknown).toEqual(known);
      // The unknown address was checked against a real hash of this hasher's format, not a stub.
      const [dummy] = verify.mock.calls[0]!;
      expect(dummy.hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    } finally {
      verify.mockRestore();
      hash.mockRestore();
    }
  });

  it('rate-limits repeated sign-in failures from one address', async () => {
    const client = await signUp(t.app);
    const codes: number[] = [];
    // Other accounts each time: this is the per-address limit, not the per-account one.
    for (let i = 0; i < 7; i++)
      codes.push((await signIn(t.app, `guess${i}@assay.test`, 'wrong-password!', '198.51.100.77')).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const limited = await signIn(t.app, 'guess-last@assay.test', 'wrong-password!', '198.51.100.77');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.json().message).toBe(
      `Too many attempts from your address. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
    );
    // Another address is not affected.
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, '198.51.100.78')).statusCode).toBe(200);
  });

  it('refuses a password shorter than 10 characters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: '192.0.2.200',
      payload: { email: 'short@assay.test', password: 'short', name: 'S P' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/i);
  });

  it('signs out at /api/logout and returns to /', async () => {
    const client = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: client.cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('sends /api/login to the sign-in page, keeping only a same-site return path', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fadmin' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/login?returnTo=%2Fadmin');
    const evil = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2F%2Fevil.example' });
    expect(evil.headers.location).toBe('/login?returnTo=%2F');
  });

  it('e-mails a password reset link through the outbox and accepts the new password', async () => {
    const client = await signUp(t.app);
    const token = await requestResetToken(t.app, client.email);
    const reset = await resetPassword(t.app, token, 'a-brand-new-password');
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, client.email, 'a-brand-new-password', '192.0.2.50')).statusCode).toBe(200);
    expect((await signIn(t.app, client.email, DEFAULT_PASSWORD, '192.0.2.51')).statusCode).toBe(401);

    // The link works once: whoever finds it later in the mailbox cannot set a password with it.
    const again = await resetPassword(t.app, token, 'an-attackers-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This link is no longer valid: it has expired or was already used. Please ask for a new one.',
    );
    expect((await signIn(t.app, client.email, 'an-attackers-password', '192.0.2.52')).statusCode).toBe(401);
    expect((await signIn(t.app, client.email, 'a-brand-new-password', '192.0.2.53')).statusCode).toBe(200);
  });
});
