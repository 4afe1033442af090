import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metalItemTypes, submissionStatuses } from '@assay/domain';
import { auditLog, offers, priceHistory, submissions, transactions, users } from '../../src/db/schema/index.ts';
import { demoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { signIn, signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { buildSubmission } from '../../src/db/factories.ts';

describe.each(engines)('the app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No route for GET /api/nothing-here');
  });

  it('refuses malformed JSON, oversize bodies and wrong types with a 400-class message', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: '192.0.2.99',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongType.statusCode).toBe(400);

    const badQuery = await t.app.inject('/api/login?returnTo=' + 'a'.repeat(3000));
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toMatch(/^Invalid querystring: returnTo/);
  });

  it('refuses a POST to the identity API from a foreign site (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { 'content-type': 'application/json', cookie: 'x=1', origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'whatever-long' },
    });
    expect(res.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { 'content-type': 'application/json', cookie: 'x=1', origin: undefined },
      payload: { email: 'a@b.co', password: 'whatever-long' },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('lets a client list only their own submissions and transactions', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await t.db
      .insert(submissions)
      .values([
        buildSubmission({ userId: alice.id, description: 'alice ring' }),
        buildSubmission({ userId: bob.id, description: 'bob coins', category: 'scrap', weightUnit: 'oz', estimatedWeight: 2 }),
      ]);
    const res = await t.app.inject({ url: '/api/submissions', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { description: string; userId: string; adminNotes?: unknown }[];
    expect(list.map((s) => s.description)).toEqual(['alice ring']);
    expect(list[0]).not.toHaveProperty('adminNotes');
    expect((await t.app.inject({ url: '/api/transactions', headers: { cookie: alice.cookie } })).json()).toEqual([]);
  });

  it('answers 401 to visitors on private lists', async () => {
    expect((await t.app.inject('/api/submissions')).statusCode).toBe(401);
    expect((await t.app.inject('/api/transactions')).statusCode).toBe(401);
  });
});

describe('the web app is served with an index fallback for page paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = path.join(process.env.TMPDIR ?? '/tmp', `assay-web-${process.pid}`);
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Assay</title>');
    writeFileSync(path.join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp('pglite', { WEB_DIST_DIR: web });
  });
  afterAll(() => t.close());

  it('serves index.html for /, /client, /admin and unknown pages, and assets with long caching', async () => {
    for (const url of ['/', '/client', '/admin', '/anything/else']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Assay</title>');
    }
    const asset = await t.app.inject('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe.each(engines)('demo seed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: '' });
  });
  afterAll(() => t.close());

  it('seeds a client, an admin, a second approver and submissions in every status, once', async () => {
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth)).toBe(true);
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth)).toBe(false);
    const rows = await t.db.select({ status: submissions.status }).from(submissions);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(submissionStatuses));
    const [userCount] = await t.db.select({ n: count() }).from(users);
    // The three demo accounts and the sample seller of the past sales, who has no password.
    expect(userCount?.n).toBe(4);
    const [payouts] = await t.db.select({ n: count() }).from(transactions);
    expect(payouts?.n).toBe(1);
    // The history the real flows would have written: 9 created, 7 received, 6 offers, 1 paid, 2 declined.
    const history = await t.db.select({ action: auditLog.action }).from(auditLog);
    const tally = Object.fromEntries(
      ['created', 'received', 'offer_submitted', 'payout_requested', 'offer_declined'].map((a) => [
        a,
        history.filter((h) => h.action === a).length,
      ]),
    );
    expect(tally).toEqual({ created: 9, received: 7, offer_submitted: 6, payout_requested: 1, offer_declined: 2 });
    // Each offer is a first version, open, accepted or declined as its submission shows; one open
    // offer lapsed (offered nine days ago), so the demo has an offer to re-issue.
    const versions = await t.db
      .select({ status: offers.status, version: offers.version, validUntil: offers.validUntil })
      .from(offers);
    // The 15 past sales of the sample seller (the track record's sample figures) were declined.
    expect(versions.map((o) => o.status).sort()).toEqual([
      'accepted',
      ...Array<string>(2 + 15).fill('declined'),
      'open',
      'open',
      'open',
    ]);
    expect(versions.filter((o) => o.status === 'open' && o.validUntil.getTime() < Date.now())).toHaveLength(1);
    expect(versions.every((o) => o.version === 1)).toBe(true);

    const admin = await signIn(t.app, demoAccounts.admin.email, demoAccounts.admin.password, '192.0.2.10');
    expect(admin.statusCode).toBe(200);
    const cookie = (admin.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: demoAccounts.admin.email, isAdmin: true });
    const all = await t.app.inject({ url: '/api/submissions', headers: { cookie } });
    expect(all.json()).toHaveLength(rows.length);
    // Not asked for: no made-up metal price history (the gems' reference prices are real entries).
    const metalHistory = await t.db
      .select({ n: count() })
      .from(priceHistory)
      .where(inArray(priceHistory.itemType, [...metalItemTypes]));
    expect(metalHistory).toEqual([{ n: 0 }]);
  });
});

describe.each(engines)('demo seed on the simulated feed, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: '' });
  });
  afterAll(() => t.close());

  it('starts with the past day of simulated prices, so charts and the 24-hour change show at once', async () => {
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { simulatedPrices: true })).toBe(true);
    await t.app.pricing.refresh({ force: true });
    const rows = (await t.app.inject({ url: '/api/pricing' })).json() as {
      itemType: string;
      change24h: string | null;
      source: string;
    }[];
    const gold = rows.find((r) => r.itemType === 'gold-24k')!;
    expect(gold.source).toBe('simulated');
    expect(gold.change24h).not.toBeNull();
    const history = await t.app.inject({ url: '/api/pricing/history?itemType=gold-24k&hours=24' });
    expect(history.statusCode).toBe(200);
    expect((history.json() as unknown[]).length).toBeGreaterThan(20);
    // Seeding again (a restart) adds nothing.
    const before = await t.db.select({ n: count() }).from(priceHistory);
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { simulatedPrices: true })).toBe(false);
    expect(await t.db.select({ n: count() }).from(priceHistory)).toEqual(before);
  });
});

describe('demo seed with photo storage (as `npm start` seeds it)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ADMIN_EMAILS: '' });
  });
  afterAll(() => t.close());

  it('gives every sample submission two drawn photos of its item, stored and served like uploads', async () => {
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { photos: t.app.ctx })).toBe(true);
    const client = await signIn(t.app, demoAccounts.client.email, demoAccounts.client.password, '192.0.2.11');
    const cookie = (client.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const list = (await t.app.inject({ url: '/api/submissions', headers: { cookie } })).json() as {
      description: string;
      images: string[];
    }[];
    expect(list.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const submission of list) {
      expect(submission.images, submission.description).toHaveLength(2);
      for (const url of submission.images) {
        const photo = await t.app.inject({ url, headers: { cookie } });
        expect(photo.statusCode, url).toBe(200);
        expect(photo.headers['content-type']).toMatch(/^image\//);
        const meta = await sharp(photo.rawPayload).metadata();
        expect(meta.width).toBeGreaterThanOrEqual(400);
        seen.add(createHash('sha256').update(photo.rawPayload).digest('hex'));
      }
    }
    // Drawn per item and per view, not one stock picture repeated.
    expect(seen.size).toBeGreaterThan(list.length);
  });
});
