// The browser-facing guards of issue 9's "Web" finding: state changes only from Assay's own pages,
// and private answers never kept by a cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('web guards on %s', (engine) => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  const draft = {
    category: 'scrap',
    description: 'A bag of broken chains',
    estimatedWeight: 12,
    weightUnit: 'grams',
    images: [],
  };
  const countMine = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/submissions', headers: { cookie } })).json() as unknown[]).length;

  it('refuses a state change sent from another site, with a sentence, and changes nothing', async () => {
    const before = await countMine();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: undefined, referer: 'https://evil.example/form' },
      { origin: 'null' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: { cookie, ...headers },
        payload: draft,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toBe(
        'This request did not come from an Assay page, so it was refused. Open http://localhost:3000 in your browser and try again from there.',
      );
    }
    expect(await countMine()).toBe(before);
  });

  it('refuses a signed-in state change that names no page at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { cookie, origin: undefined },
      payload: draft,
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the same change from Assay's own page, by Origin or by Referer", async () => {
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: draft,
    });
    expect(byOrigin.statusCode, byOrigin.body).toBe(201);
    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { cookie, origin: undefined, referer: `${TEST_ORIGIN}/client/new` },
      payload: draft,
    });
    expect(byReferer.statusCode, byReferer.body).toBe(201);
  });

  it('marks private answers no-store and leaves public prices to their own caching', async () => {
    for (const url of ['/api/submissions', '/api/transactions', '/api/notifications', '/api/auth/user']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/submissions' });
    expect(visitor.headers['cache-control']).toBe('no-store');
    const prices = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(prices.headers['cache-control']).toBe('no-cache');
  });
});
