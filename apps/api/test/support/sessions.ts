// Signs people up and in through the real better-auth routes and hands back their cookie.
import type { FastifyInstance } from 'fastify';
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
  const body = res.json() as { user: { id: string } };
  return { id: body.user.id, email, cookie: cookieHeader(res.headers['set-cookie']) };
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
