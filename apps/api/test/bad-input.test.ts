// No input makes the server answer 500 or fall over: every route gets malformed JSON, wrong
// types, missing fields, unknown values and oversize bodies, and must answer a 4xx with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueAddress } from './support/sessions.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/test-app.ts';

const bodies: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  { name: 'wrong types', payload: JSON.stringify({ email: 5, password: {}, name: [], token: 9, newPassword: false }), contentType: 'application/json' },
  { name: 'empty object', payload: '{}', contentType: 'application/json' },
  { name: 'unknown fields', payload: JSON.stringify({ isAdmin: true, __proto__: { x: 1 }, constructor: 'x' }), contentType: 'application/json' },
  { name: 'form encoding', payload: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'just text', contentType: 'text/plain' },
  { name: 'oversize', payload: JSON.stringify({ email: 'x'.repeat(100_000) }), contentType: 'application/json' },
];

const routes: [string, string][] = [
  ['POST', '/api/identity/sign-in/email'],
  ['POST', '/api/identity/sign-up/email'],
  ['POST', '/api/identity/request-password-reset'],
  ['POST', '/api/identity/reset-password'],
  ['POST', '/api/identity/sign-out'],
  ['GET', '/api/identity/reset-password/not-a-token'],
  ['GET', '/api/auth/user'],
  ['GET', '/api/submissions'],
  ['GET', '/api/transactions'],
  ['GET', '/api/login?returnTo[]=x'],
  ['GET', '/api/logout'],
  ['GET', '/readyz'],
  ['GET', '/api/pricing'],
  ['GET', '/api/pricing/history?itemType=gold-24k&hours=abc'],
  ['GET', '/api/pricing/status'],
  ['POST', '/api/pricing/refresh'],
  ['PUT', '/api/pricing/ruby'],
  ['PUT', '/api/pricing/not-a-type'],
];

describe('bad input', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp('pglite');
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  it.each(routes)('%s %s never answers 5xx', async (method, url) => {
    for (const body of bodies) {
      for (const withCookie of [false, true]) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST' | 'PUT',
          url,
          remoteAddress: uniqueAddress(),
          headers: { origin: TEST_ORIGIN, 'content-type': body.contentType, ...(withCookie ? { cookie } : {}) },
          ...(method === 'GET' ? {} : { payload: body.payload }),
        });
        expect(res.statusCode, `${body.name}${withCookie ? ' (signed in)' : ''}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
