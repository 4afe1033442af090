// The headers computed once must be exactly those @fastify/helmet sets on every request.
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderOptions, securityHeadersPlugin } from '../../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const helmetHeaderNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function securityHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => helmetHeaderNames.includes(name)));
}

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>, times = 3) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(securityHeaders((await app.inject('/x')).headers));
  const notFound = securityHeaders((await app.inject('/nothing')).headers);
  await app.close();
  return { answers, notFound };
}

describe.each([false, true])('security headers (production %s)', (production) => {
  it('are the same as @fastify/helmet sets on every request, 404s included', async () => {
    const reference = await headersOf((app) => app.register(fastifyHelmet, securityHeaderOptions(production)));
    const once = await headersOf((app) => app.register(securityHeadersPlugin, { production }));
    expect(Object.keys(reference.answers[0]!).length).toBeGreaterThanOrEqual(11);
    for (const answer of once.answers) expect(answer).toEqual(reference.answers[0]);
    expect(once.notFound).toEqual(reference.notFound);
    expect('strict-transport-security' in reference.answers[0]!).toBe(production);
    expect(reference.answers[0]!['content-security-policy']?.toString().includes('upgrade-insecure-requests')).toBe(production);
  });
});

describe('security headers in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('are on API answers, errors included', async () => {
    const requests = [
      { method: 'GET', url: '/api/pricing' },
      { method: 'GET', url: '/api/pricing' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'GET', url: '/healthz' },
      { method: 'POST', url: '/api/pricing/refresh' },
      { method: 'GET', url: '/api/pricing/history?hours=0' },
      {
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});
