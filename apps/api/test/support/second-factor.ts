// An appraiser's authenticator app, as the tests hold it: enrolment through better-auth's routes (the
// otpauth URI, the recovery codes, the first code), the codes an app would show now (computed with
// the library better-auth itself uses), and the sign-in and step-up that ask for them.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { FastifyInstance } from 'fastify';
import { cookieOf, DEFAULT_PASSWORD, signIn, uniqueAddress } from './sessions.ts';
import { TEST_ORIGIN } from './test-app.ts';

const PERIOD_MS = 30_000;

/** The secret an authenticator app reads from the QR code's otpauth:// URI. */
export function secretOf(totpURI: string): Uint8Array {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return base32.decode(secret);
}

/** The code the app shows now. */
export function codeNow(secret: Uint8Array): Promise<string> {
  return createOTP(secret).totp();
}

/** The code of one 30-second time step (RFC 6238's counter). */
export function codeAt(secret: Uint8Array, step: number): Promise<string> {
  return createOTP(secret).hotp(step);
}

export function stepNow(): number {
  return Math.floor(Date.now() / PERIOD_MS);
}

/** The last step handed out per secret: the server accepts each code once, and never an older one. */
const lastStepHandedOut = new Map<string, number>();

/**
 * A code the server has not seen yet: now's, or the next step's (better-auth accepts one step
 * ahead) when now's was handed out already; past that, it waits for the clock, as a person would.
 */
export async function freshCode(secret: Uint8Array): Promise<string> {
  const key = Buffer.from(secret).toString('hex');
  const step = Math.max(stepNow(), (lastStepHandedOut.get(key) ?? -Infinity) + 1);
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  lastStepHandedOut.set(key, step);
  return codeAt(secret, step);
}

/**
 * The step now, after waiting out the last seconds of a step if need be, so that a test has the
 * steps either side of it to use for a while (the window better-auth accepts moves with the clock).
 */
export async function aSteadyStep(): Promise<number> {
  const intoStepMs = Date.now() % PERIOD_MS;
  if (intoStepMs > PERIOD_MS - 8_000) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoStepMs + 50));
  return stepNow();
}

/** Six digits the app shows at no moment better-auth accepts now (it allows one period either side). */
export async function wrongCode(secret: Uint8Array): Promise<string> {
  const counter = Math.floor(Date.now() / PERIOD_MS);
  const valid = new Set(await Promise.all([-1, 0, 1].map((i) => createOTP(secret).hotp(counter + i))));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;
}

export function postIdentity(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  cookie?: string,
  ip = uniqueAddress(),
  origin = TEST_ORIGIN,
) {
  return app.inject({
    method: 'POST',
    url: `/api/identity${path}`,
    remoteAddress: ip,
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

export interface Authenticator {
  secret: Uint8Array;
  totpURI: string;
  backupCodes: string[];
  /** The session after enrolment: better-auth replaces it when the first code is verified. */
  cookie: string;
}

/** Starts enrolment: the otpauth URI and the recovery codes (shown once), not yet confirmed. */
export async function startEnrolment(
  app: FastifyInstance,
  cookie: string,
  password: string = DEFAULT_PASSWORD,
  origin = TEST_ORIGIN,
) {
  const res = await postIdentity(app, '/two-factor/enable', { password }, cookie, uniqueAddress(), origin);
  if (res.statusCode !== 200) throw new Error(`enable failed: ${res.statusCode} ${res.body}`);
  const { totpURI, backupCodes } = res.json() as { totpURI: string; backupCodes: string[] };
  return { totpURI, backupCodes, secret: secretOf(totpURI) };
}

/**
 * Enrols an authenticator app for the signed-in person and confirms it with its first code.
 * `origin`: the app's own page (PUBLIC_URL's origin for an app configured as production).
 */
export async function enrolSecondFactor(
  app: FastifyInstance,
  cookie: string,
  password: string = DEFAULT_PASSWORD,
  origin = TEST_ORIGIN,
): Promise<Authenticator> {
  const started = await startEnrolment(app, cookie, password, origin);
  const res = await postIdentity(
    app,
    '/two-factor/verify-totp',
    { code: await freshCode(started.secret) },
    cookie,
    uniqueAddress(),
    origin,
  );
  if (res.statusCode !== 200) throw new Error(`first code refused: ${res.statusCode} ${res.body}`);
  return { ...started, cookie: cookieOf(res) || cookie };
}

/** Password, then the app's code: the session cookie of a staff member with an authenticator. */
export async function signInWithCode(app: FastifyInstance, email: string, secret: Uint8Array, password = DEFAULT_PASSWORD) {
  const ip = uniqueAddress();
  const first = await signIn(app, email, password, ip);
  if (first.statusCode !== 200 || first.json().twoFactorRedirect !== true) {
    throw new Error(`expected the code step: ${first.statusCode} ${first.body}`);
  }
  const res = await postIdentity(app, '/two-factor/verify-totp', { code: await freshCode(secret) }, cookieOf(first), ip);
  if (res.statusCode !== 200) throw new Error(`code refused: ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** POST /api/auth/step-up with a code not used yet (or `code`). */
export async function stepUp(app: FastifyInstance, cookie: string, secret: Uint8Array, code?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/step-up',
    remoteAddress: uniqueAddress(),
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
    payload: { code: code ?? (await freshCode(secret)) },
  });
}
