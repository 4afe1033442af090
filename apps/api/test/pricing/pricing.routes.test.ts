// The pricing API through the real app, on a fresh database, with the gold-api.com adapter talking
// to a fake of that service on loopback.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  change24hPercent,
  derivedKaratPricePerOz,
  itemTypes,
  PRICING_UPDATED_MESSAGE,
  pricePerGramFromPerOz,
  priceHistoryListSchema,
  pricingListSchema,
  pricingStatusSchema,
  refreshPricingResponseSchema,
} from '@assay/domain';
import { priceHistory, pricing } from '../../src/db/schema/index.ts';
import { type FakeMetalsApi, startFakeMetalsApi } from '../support/fake-metals-api.ts';
import { signUp, uniqueAddress } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const HOUR = 3600_000;

describe.each(engines)('pricing on %s', (engine) => {
  let t: TestApp;
  let fake: FakeMetalsApi;
  let admin: { id: string; cookie: string };
  let client: { cookie: string };

  beforeAll(async () => {
    fake = await startFakeMetalsApi();
    t = await createTestApp(engine, { PRICE_FEED: 'gold-api', PRICE_FEED_URL: fake.url });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const getPricing = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    return pricingListSchema.parse(res.json());
  };
  const row = async (itemType: string) => (await getPricing()).find((r) => r.itemType === itemType);
  // Each from its own address: the route allows an address 10 refreshes a minute.
  const refresh = (cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/pricing/refresh', headers: { cookie }, remoteAddress: uniqueAddress() });
  const historyCount = async (itemType?: string) => {
    const [r] = await t.db
      .select({ n: count() })
      .from(priceHistory)
      .where(itemType ? eq(priceHistory.itemType, itemType) : undefined);
    return r!.n;
  };

  it('starts with the four gems at their reference prices, recorded in history, before any feed price', async () => {
    const rows = await getPricing();
    expect(rows.map((r) => r.itemType)).toEqual(['diamond', 'ruby', 'sapphire', 'emerald']);
    expect(rows.find((r) => r.itemType === 'ruby')).toMatchObject({
      id: 'ruby',
      pricePerCarat: '1200.00',
      pricePerGram: '6000.0000',
      pricePerOz: '186621.0000',
      change24h: null,
      source: 'admin-reference',
      stale: false,
    });
    const seeded = await t.db.select().from(priceHistory).where(eq(priceHistory.source, 'admin-reference'));
    expect(seeded.map((h) => h.itemType).sort()).toEqual(['diamond', 'emerald', 'ruby', 'sapphire']);
  });

  it('refuses a refresh to visitors (401) and clients (403)', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/pricing/refresh' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in to continue.');
    const byClient = await refresh(client.cookie);
    expect(byClient.statusCode).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });

  it('refreshes on an admin request and then answers all 12 item types (SPEC 3 and 22k gold) as decimal strings', async () => {
    const before = Date.now();
    const res = await refresh();
    expect(res.statusCode).toBe(200);
    const body = refreshPricingResponseSchema.parse(res.json());
    expect(body.message).toBe(PRICING_UPDATED_MESSAGE);
    expect(body).toMatchObject({ refreshed: true, source: 'gold-api.com' });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.pricing).toHaveLength(12);

    const rows = await getPricing();
    expect(rows.map((r) => r.itemType)).toEqual([...itemTypes]);
    for (const r of rows) {
      expect(typeof r.pricePerOz).toBe('string');
      expect(typeof r.pricePerGram).toBe('string');
      expect(r.stale).toBe(false);
      expect(Number(r.pricePerOz)).toBeGreaterThan(0);
    }
    expect(rows.find((r) => r.itemType === 'silver')).toMatchObject({
      pricePerOz: '31.0567',
      pricePerGram: pricePerGramFromPerOz('31.0567'),
      pricePerCarat: null,
      change24h: null,
      source: 'gold-api.com',
    });
    expect(await historyCount('silver')).toBe(1);
  });

  it('derives every karat gold from fine gold by purity', async () => {
    await refresh();
    for (const itemType of ['gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'gold-10k'] as const) {
      const r = await row(itemType);
      const perOz = derivedKaratPricePerOz('2650.12', itemType);
      expect(r).toMatchObject({ pricePerOz: perOz, pricePerGram: pricePerGramFromPerOz(perOz), source: 'gold-api.com' });
    }
    expect((await row('gold-14k'))?.pricePerOz).toBe('1550.3202');
  });

  it('computes change24h from the latest stored price at or before 24 hours ago', async () => {
    const now = Date.now();
    await t.db.insert(priceHistory).values([
      {
        itemType: 'platinum',
        pricePerOz: '900.0000',
        pricePerGram: '28.9356',
        source: 'test',
        recordedAt: new Date(now - 30 * HOUR),
      },
      {
        itemType: 'platinum',
        pricePerOz: '1000.0000',
        pricePerGram: '32.1507',
        source: 'test',
        recordedAt: new Date(now - 25 * HOUR),
      },
      // Newer than 24 hours: not the comparison price.
      {
        itemType: 'platinum',
        pricePerOz: '1.0000',
        pricePerGram: '0.0322',
        source: 'test',
        recordedAt: new Date(now - 23 * HOUR),
      },
      {
        itemType: 'sapphire',
        pricePerOz: '1',
        pricePerGram: '1',
        pricePerCarat: '1000.00',
        source: 'test',
        recordedAt: new Date(now - 48 * HOUR),
      },
    ]);
    fake.prices.platinum = 1012.5;
    expect((await refresh()).statusCode).toBe(200);
    expect((await row('platinum'))?.change24h).toBe('1.25');
    expect((await row('platinum'))?.change24h).toBe(change24hPercent('1000.0000', '1012.5000'));
    // Gems compare per carat: 1000.00 two days ago, 900.00 (the reference price) now.
    expect((await row('sapphire'))?.change24h).toBe('-10.00');
    expect((await row('silver'))?.change24h).toBeNull();
  });

  it('keeps the last good prices when the feed fails, says why (502), and shows the failure to admins', async () => {
    const good = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    const historyBefore = await historyCount();
    fake.answer(() => ({ status: 500, body: 'upstream exploded', contentType: 'text/plain' }));
    const res = await refresh();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Failed to refresh pricing from API: gold-api.com answered HTTP 500');
    const after = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(after.body).toBe(good.body);
    expect(await historyCount()).toBe(historyBefore);

    const status = await t.app.inject({ method: 'GET', url: '/api/pricing/status', headers: { cookie: admin.cookie } });
    expect(status.statusCode).toBe(200);
    const s = pricingStatusSchema.parse(status.json());
    expect(s).toMatchObject({ provider: 'gold-api', source: 'gold-api.com', refreshSeconds: 60, stale: false });
    expect(s.lastError?.message).toBe('gold-api.com answered HTTP 500');
    expect(Date.now() - new Date(s.lastError!.at).getTime()).toBeLessThan(10_000);
    expect(s.lastSuccessAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing/status' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/pricing/status', headers: { cookie: client.cookie } })).statusCode,
    ).toBe(403);
  });

  it.each([
    [
      'an HTML page',
      { body: '<html><body>Please enable cookies</body></html>' },
      'gold-api.com answered an HTML page instead of prices',
    ],
    [
      'NaN',
      { body: { price: 'NaN', symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price "NaN" is not a positive amount',
    ],
    [
      'zero',
      { body: { price: 0, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price 0 is not a positive amount',
    ],
    [
      'a negative price',
      { body: { price: -1, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price -1 is not a positive amount',
    ],
    ['no price', { body: { symbol: 'XAU' } }, 'gold-api.com answered an unusable gold price: price: the price is missing'],
  ])('stores nothing from a feed answering %s', async (_name, answer, reason) => {
    const before = await t.db.select().from(pricing);
    const historyBefore = await historyCount();
    fake.answer((url) => (url.pathname === '/price/XAU' ? answer : undefined));
    const res = await refresh();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(`Failed to refresh pricing from API: ${reason}`);
    expect(await t.db.select().from(pricing)).toEqual(before);
    expect(await historyCount()).toBe(historyBefore);
    for (const r of await getPricing()) expect(Number(r.pricePerOz)).toBeGreaterThan(0);
  });

  it('marks feed prices older than 10 minutes as stale, with their time; gem prices never', async () => {
    const old = new Date(Date.now() - 11 * 60_000);
    await t.db.update(pricing).set({ fetchedAt: old }).where(eq(pricing.source, 'gold-api.com'));
    await t.app.pricing.reload();
    const rows = await getPricing();
    expect(rows.find((r) => r.itemType === 'gold-24k')).toMatchObject({ stale: true, updatedAt: old.toISOString() });
    expect(rows.find((r) => r.itemType === 'diamond')?.stale).toBe(false);
    const status = await t.app.inject({ method: 'GET', url: '/api/pricing/status', headers: { cookie: admin.cookie } });
    expect(status.json().stale).toBe(true);
    await refresh();
    expect((await row('gold-24k'))?.stale).toBe(false);
  });

  it('skips a scheduled refresh while the prices are younger than half the interval', async () => {
    expect((await refresh()).statusCode).toBe(200);
    fake.reset();
    const historyBefore = await historyCount('gold-24k');
    const first = await t.app.pricing.refresh();
    const second = await t.app.pricing.refresh();
    expect(first).toMatchObject({ refreshed: false, reason: 'fresh', source: 'gold-api.com' });
    expect(second).toMatchObject({ refreshed: false, reason: 'fresh' });
    expect(fake.requests).toHaveLength(0);
    expect(await historyCount('gold-24k')).toBe(historyBefore);
    // Once they are old enough, the next scheduled refresh fetches and writes.
    await t.db
      .update(pricing)
      .set({ fetchedAt: new Date(Date.now() - 31_000) })
      .where(eq(pricing.source, 'gold-api.com'));
    expect(await t.app.pricing.refresh()).toMatchObject({ refreshed: true });
    expect(await historyCount('gold-24k')).toBe(historyBefore + 1);
  });

  it('answers 304 to a matching ETag and says not to reuse without asking', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/pricing', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lets an admin set a gem price per carat, recorded in history and quoted at once', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/ruby',
      headers: { cookie: admin.cookie },
      payload: { pricePerCarat: '1850.5' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      itemType: 'ruby',
      pricePerCarat: '1850.50',
      pricePerGram: '9252.5000',
      pricePerOz: '287785.1338',
      source: 'admin',
      stale: false,
    });
    expect(await row('ruby')).toEqual(res.json());
    const [entry] = await t.db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.itemType, 'ruby'), eq(priceHistory.source, 'admin')));
    expect(entry).toMatchObject({ pricePerCarat: '1850.50', updatedBy: admin.id });
    const [stored] = await t.db.select().from(pricing).where(eq(pricing.itemType, 'ruby'));
    expect(stored?.updatedBy).toBe(admin.id);
  });

  it('refuses gem price edits from visitors and clients, before reading the body', async () => {
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/pricing/ruby', payload: { pricePerCarat: 'nonsense' } });
    expect(visitor.statusCode).toBe(401);
    const byClient = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/ruby',
      headers: { cookie: client.cookie },
      payload: { pricePerCarat: '1' },
    });
    expect(byClient.statusCode).toBe(403);
    expect((await row('ruby'))?.pricePerCarat).toBe('1850.50');
  });

  it.each([
    [
      '/api/pricing/gold-24k',
      { pricePerCarat: '100' },
      'Gold 24K is priced by the metals price feed. Only gem prices (Diamond, Ruby, Sapphire, Emerald) are set by hand.',
    ],
    [
      '/api/pricing/silver',
      { pricePerCarat: '100' },
      'Silver is priced by the metals price feed. Only gem prices (Diamond, Ruby, Sapphire, Emerald) are set by hand.',
    ],
    ['/api/pricing/copper', { pricePerCarat: '100' }, 'Invalid params: itemType: Please choose a metal or gem from the list.'],
    [
      '/api/pricing/ruby',
      { pricePerCarat: 'abc' },
      /^Invalid body: pricePerCarat: The price per carat must be an amount above 0/,
    ],
    ['/api/pricing/ruby', { pricePerCarat: '0' }, /^Invalid body: pricePerCarat: The price per carat must be an amount above 0/],
    ['/api/pricing/ruby', { pricePerCarat: '-5' }, /^Invalid body: pricePerCarat: The price per carat must be an amount above 0/],
    ['/api/pricing/ruby', { pricePerCarat: '99999999' }, /at most 1000000/],
    [
      '/api/pricing/ruby',
      { pricePerCarat: 1500 },
      'Invalid body: pricePerCarat: The price per carat must be a decimal string, like "1500.00".',
    ],
    ['/api/pricing/ruby', {}, 'Invalid body: pricePerCarat: The price per carat must be a decimal string, like "1500.00".'],
  ])('refuses PUT %s %j with 400', async (url, payload, message) => {
    const res = await t.app.inject({ method: 'PUT', url, headers: { cookie: admin.cookie }, payload });
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  });

  it('answers the price history for the charts, oldest first', async () => {
    const now = Date.now();
    await t.db.insert(priceHistory).values([
      {
        itemType: 'gold-24k',
        pricePerOz: '2600.0000',
        pricePerGram: '83.5918',
        source: 'test',
        recordedAt: new Date(now - 2 * HOUR),
      },
      {
        itemType: 'gold-24k',
        pricePerOz: '2610.0000',
        pricePerGram: '83.9134',
        source: 'test',
        recordedAt: new Date(now - 1 * HOUR),
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing/history?itemType=gold-24k&hours=24' });
    expect(res.statusCode).toBe(200);
    const points = priceHistoryListSchema.parse(res.json());
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.slice(0, 2)).toEqual([
      {
        recordedAt: new Date(now - 2 * HOUR).toISOString(),
        pricePerOz: '2600.0000',
        pricePerGram: '83.5918',
        pricePerCarat: null,
      },
      {
        recordedAt: new Date(now - 1 * HOUR).toISOString(),
        pricePerOz: '2610.0000',
        pricePerGram: '83.9134',
        pricePerCarat: null,
      },
    ]);
    const times = points.map((p) => new Date(p.recordedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(points.at(-1)?.pricePerOz).toBe((await row('gold-24k'))?.pricePerOz);
    // The default span is 24 hours.
    const byDefault = await t.app.inject({ method: 'GET', url: '/api/pricing/history?itemType=gold-24k' });
    expect(byDefault.json()).toEqual(res.json());
  });

  it('downsamples a long history to at most 300 points within the span', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      itemType: 'palladium',
      pricePerOz: (1000 + i / 100).toFixed(4),
      pricePerGram: '32.1507',
      source: 'test',
      recordedAt: new Date(now - 24 * HOUR + i * 43_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(priceHistory).values(rows.slice(i, i + 500));
    // At the very end of the span: still at most 300 points.
    const latest = {
      itemType: 'palladium',
      pricePerOz: '1100.0000',
      pricePerGram: '35.3658',
      source: 'test',
      recordedAt: new Date(now),
    };
    // Older than the span: never in the answer.
    const tooOld = { ...latest, pricePerOz: '5.0000', pricePerGram: '0.1608', recordedAt: new Date(now - 30 * HOUR) };
    await t.db.insert(priceHistory).values([latest, tooOld]);
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing/history?itemType=palladium&hours=24' });
    const points = priceHistoryListSchema.parse(res.json());
    expect(points.length).toBeLessThanOrEqual(300);
    expect(points.length).toBeGreaterThan(250);
    const times = points.map((p) => new Date(p.recordedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(now - 24 * HOUR - 1000);
    expect(points.some((p) => p.pricePerOz === '5.0000')).toBe(false);
  });

  it.each([
    ['/api/pricing/history?itemType=copper', 'Invalid querystring: itemType: Please choose a metal or gem from the list.'],
    ['/api/pricing/history', 'Invalid querystring: itemType: Please choose a metal or gem from the list.'],
    ['/api/pricing/history?itemType=gold-24k&hours=0', 'Invalid querystring: hours: hours must be a whole number from 1 to 720.'],
    [
      '/api/pricing/history?itemType=gold-24k&hours=721',
      'Invalid querystring: hours: hours must be a whole number from 1 to 720.',
    ],
    [
      '/api/pricing/history?itemType=gold-24k&hours=abc',
      'Invalid querystring: hours: hours must be a whole number from 1 to 720.',
    ],
    [
      '/api/pricing/history?itemType=gold-24k&hours=1.5',
      'Invalid querystring: hours: hours must be a whole number from 1 to 720.',
    ],
    [
      '/api/pricing/history?itemType=gold-24k&hours=1&hours=2',
      'Invalid querystring: hours: hours must be a whole number from 1 to 720.',
    ],
  ])('refuses GET %s with 400', async (url, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

// Several instances behind one load balancer (issue 14, item 1): an appraiser's status call may
// reach any of them, so the feed's last success and error come from the database.
describe.each(engines)('pricing status across two instances on %s', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let fake: FakeMetalsApi;
  let admin: { cookie: string };

  beforeAll(async () => {
    fake = await startFakeMetalsApi();
    const env = { PRICE_FEED: 'gold-api', PRICE_FEED_URL: fake.url };
    a = await createTestApp(engine, env);
    b = await createTestApp(engine, env, { sameDatabaseAs: a });
    admin = await signUp(a.app, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  const refreshOn = (t: TestApp) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pricing/refresh',
      headers: { cookie: admin.cookie },
      remoteAddress: uniqueAddress(),
    });
  const statusOn = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing/status', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    return pricingStatusSchema.parse(res.json());
  };

  it("shows on one instance the feed's failure and later success on the other, keeping the last error and its time", async () => {
    expect(await statusOn(b)).toMatchObject({ provider: 'gold-api', lastSuccessAt: null, lastError: null });

    fake.answer(() => ({ status: 500, body: 'upstream exploded', contentType: 'text/plain' }));
    const beforeFailure = Date.now();
    expect((await refreshOn(a)).statusCode).toBe(502);
    const failed = await statusOn(b);
    expect(failed.lastSuccessAt).toBeNull();
    expect(failed.lastError?.message).toBe('gold-api.com answered HTTP 500');
    expect(new Date(failed.lastError!.at).getTime()).toBeGreaterThanOrEqual(beforeFailure);
    expect(failed.lastError).toEqual((await statusOn(a)).lastError);

    fake.reset();
    const beforeSuccess = Date.now();
    expect((await refreshOn(b)).statusCode).toBe(200);
    const recovered = await statusOn(a);
    expect(new Date(recovered.lastSuccessAt!).getTime()).toBeGreaterThanOrEqual(beforeSuccess);
    expect(recovered.lastError).toEqual(failed.lastError);
    expect(await statusOn(b)).toMatchObject({ lastSuccessAt: recovered.lastSuccessAt, lastError: failed.lastError });
  });
});
