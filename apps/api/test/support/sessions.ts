// Signs people up and in through the real better-auth routes and hands back their cookie: sign-up,
// then the confirmation link from the outbox, as a person would (the link signs them in).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../src/db/schema/index.ts';
import { TEST_ORIGIN } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let counter = 0;

/** A fresh TEST-NET-2 address each call. */
export function uniqueAddress(): string {
  counter += 1;
  return `198.51.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  counter += 1;
  const email = overrides.email ?? `client${counter}-${Date.now()}@assay.test`;
  const firstName = overrides.firstName ?? 'Casey';
  const lastName = overrides.lastName ?? 'Client';
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    // Each sign-up from its own address, so the sign-up rate limit does not trip the tests.
    remoteAddress: uniqueAddress(),
    payload: { email, password: overrides.password ?? DEFAULT_PASSWORD, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const verified = await openVerificationLink(app, email);
  if (verified.statusCode !== 302) throw new Error(`e-mail verification failed: ${verified.statusCode} ${verified.body}`);
  // Read and used: taken out of the outbox, so a test about later e-mails finds only those.
  await app.deps.database.db.delete(outbox).where(eq(outbox.id, verified.mailId));
  const cookie = cookieOf(verified);
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  if (me.statusCode !== 200) throw new Error(`not signed in after verification: ${me.statusCode} ${me.body}`);
  return { id: (me.json() as { id: string }).id, email, cookie };
}

/** The newest e-mail sent to `to` whose subject matches, as stored in the outbox. */
export async function latestEmailTo(app: FastifyInstance, to: string, subject: RegExp) {
  const rows = await app.deps.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, to.toLowerCase()))
    .orderBy(desc(outbox.createdAt));
  return rows.find((row) => subject.test(row.subject)) ?? null;
}

/** The first link of an e-mail, as a path this app answers. */
export function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Follows the newest confirmation link sent to `email` (it signs the person in). */
export async function openVerificationLink(app: FastifyInstance, email: string) {
  const mail = await latestEmailTo(app, email, /Confirm your e-mail/);
  if (!mail) throw new Error(`no confirmation e-mail for ${email}`);
  const res = await app.inject({ method: 'GET', url: linkIn(mail.textBody), remoteAddress: uniqueAddress() });
  return Object.assign(res, { mailId: mail.id });
}

export async function signIn(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD, ip = '203.0.113.10') {
  return app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: { email, password },
  });
}

export function cookieOf(res: { headers: Record<string, unknown> }): string {
  return cookieHeader(res.headers['set-cookie'] as string | string[] | undefined);
}

/**
 * Asks for a reset link for `email` and answers the token from the e-mail it sent. `ip`: where
 * from (better-auth allows 3 requests a minute per address).
 */
export async function requestResetToken(app: FastifyInstance, email: string, ip?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/request-password-reset',
    headers: { 'content-type': 'application/json' },
    ...(ip ? { remoteAddress: ip } : {}),
    payload: { email, redirectTo: '/reset-password' },
  });
  if (res.statusCode !== 200) throw new Error(`reset request failed: ${res.statusCode} ${res.body}`);
  const mail = await latestEmailTo(app, email, /Reset your Assay password/);
  const token = mail && /reset-password\/([^?\s]+)\?/.exec(mail.textBody)?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

/** Sets a new password with a reset token, as the reset page does. */
export function resetPassword(app: FastifyInstance, token: string, newPassword: string) {
  return app.inject({
    method: 'POST',
    url: '/api/identity/reset-password',
    headers: { 'content-type': 'application/json' },
    payload: { token, newPassword },
  });
}
