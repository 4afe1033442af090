// The price feed adapters against a fake of each provider's HTTP API on loopback: good answers,
// and every way a real service goes wrong (HTTP errors, timeouts, HTML, garbage, bad numbers).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { createPriceFeed, PriceFeedError } from '../../src/adapters/price-feeds/index.ts';
import { GoldApiPriceFeed } from '../../src/adapters/price-feeds/gold-api.ts';
import { MetalsDevPriceFeed } from '../../src/adapters/price-feeds/metals-dev.ts';
import { SimulatedPriceFeed, simulatedStartingPrices } from '../../src/adapters/price-feeds/simulated.ts';
import { FAKE_METALS_DEV_KEY, type FakeAnswer, type FakeMetalsApi, startFakeMetalsApi } from '../support/fake-metals-api.ts';

let fake: FakeMetalsApi;
beforeAll(async () => {
  fake = await startFakeMetalsApi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function failure(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PriceFeedError);
  return (err as Error).message;
}

/** Answers only the gold request differently; the other metals answer as usual. */
const onGold = (answer: FakeAnswer) => (url: URL) => (url.pathname === '/price/XAU' ? answer : undefined);

describe('gold-api.com adapter', () => {
  const feed = () => new GoldApiPriceFeed({ baseUrl: fake.url, timeoutMs: 300 });

  it('asks for XAU, XAG, XPT and XPD and answers 4-decimal strings', async () => {
    const quote = await feed().fetchSpotPrices();
    expect(quote).toEqual({
      source: 'gold-api.com',
      prices: { gold: '2650.1200', silver: '31.0567', platinum: '981.4000', palladium: '1003.2500' },
    });
    expect(fake.requests.map((u) => u.pathname).sort()).toEqual(['/price/XAG', '/price/XAU', '/price/XPD', '/price/XPT']);
  });

  it('works with a base URL that ends with a slash', async () => {
    const quote = await new GoldApiPriceFeed({ baseUrl: `${fake.url}/`, timeoutMs: 300 }).fetchSpotPrices();
    expect(quote.prices.gold).toBe('2650.1200');
  });

  it.each([
    [{ status: 500, body: 'Internal Server Error', contentType: 'text/plain' }, 'gold-api.com answered HTTP 500'],
    [
      { status: 503, body: { message: 'Service temporarily unavailable' } },
      'gold-api.com answered HTTP 503: Service temporarily unavailable',
    ],
    [{ status: 429, body: { error: 'Too many requests' } }, 'gold-api.com answered HTTP 429: Too many requests'],
    [{ body: '<!DOCTYPE html><html><body>Cloudflare</body></html>' }, 'gold-api.com answered an HTML page instead of prices'],
    [{ body: 'price=2650', contentType: 'text/plain' }, 'gold-api.com answered something that is not JSON instead of prices'],
    [{ body: '' }, 'gold-api.com answered an empty body instead of prices'],
    [
      { body: { name: 'Gold', price: 'NaN', symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price "NaN" is not a positive amount',
    ],
    [
      { body: { name: 'Gold', price: -2650, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price -2650 is not a positive amount',
    ],
    [
      { body: { name: 'Gold', price: 0, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price 0 is not a positive amount',
    ],
    [{ body: { name: 'Gold', symbol: 'XAU' } }, 'gold-api.com answered an unusable gold price: price: the price is missing'],
    [
      { body: { name: 'Gold', price: null, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price is missing',
    ],
    [
      { body: { name: 'Gold', price: 1e9, symbol: 'XAU' } },
      'gold-api.com answered an unusable gold price: price: the price 1000000000 is not a positive amount',
    ],
    [{ body: [2650.12] }, 'gold-api.com answered an unusable gold price: the answer is not a price object'],
    [
      { body: 'null', contentType: 'application/json' },
      'gold-api.com answered an unusable gold price: the answer is not a price object',
    ],
    [
      { body: { name: 'Silver', price: 31.05, symbol: 'XAG' } },
      'gold-api.com answered the price of XAG when asked for XAU (gold)',
    ],
  ])('refuses %j: %s', async (answer, message) => {
    fake.answer(onGold(answer));
    expect(await failure(feed().fetchSpotPrices())).toBe(message);
  });

  it('gives up after its timeout', async () => {
    fake.answer(onGold({ delayMs: 2000, body: { price: 2650, symbol: 'XAU' } }));
    const started = Date.now();
    expect(await failure(feed().fetchSpotPrices())).toBe('gold-api.com did not answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses an oversize answer', async () => {
    fake.answer(onGold({ body: { price: 2650, symbol: 'XAU', padding: 'x'.repeat(400_000) } }));
    expect(await failure(feed().fetchSpotPrices())).toBe('gold-api.com answered more than 256 KB, which is not a price answer');
  });

  it('says when the service cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const message = await failure(
      new GoldApiPriceFeed({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000 }).fetchSpotPrices(),
    );
    expect(message).toBe('gold-api.com could not be reached (ECONNREFUSED)');
  });
});

describe('metals.dev adapter', () => {
  const feed = (apiKey = FAKE_METALS_DEV_KEY) => new MetalsDevPriceFeed({ baseUrl: fake.url, apiKey, timeoutMs: 300 });
  const success = (metals: Record<string, unknown>) => ({
    body: { status: 'success', currency: 'USD', unit: 'toz', metals, timestamps: { metal: '2026-01-05T15:00:00.000Z' } },
  });

  it('asks for USD per troy ounce with the key and answers 4-decimal strings', async () => {
    const quote = await feed().fetchSpotPrices();
    expect(quote).toEqual({
      source: 'metals.dev',
      prices: { gold: '2650.1200', silver: '31.0567', platinum: '981.4000', palladium: '1003.2500' },
    });
    const [request] = fake.requests;
    expect(request?.pathname).toBe('/v1/latest');
    expect(Object.fromEntries(request!.searchParams)).toEqual({ api_key: FAKE_METALS_DEV_KEY, currency: 'USD', unit: 'toz' });
  });

  it('passes on the service refusing the key, without the key', async () => {
    const message = await failure(feed('wrong-key-456').fetchSpotPrices());
    expect(message).toBe('metals.dev answered HTTP 401: Invalid API key.');
  });

  it('passes on a failure answered with HTTP 200', async () => {
    fake.answer(() => ({ body: { status: 'failure', error_code: 1203, error_message: 'Monthly quota exceeded.' } }));
    expect(await failure(feed().fetchSpotPrices())).toBe('metals.dev refused: Monthly quota exceeded.');
  });

  it('never repeats the key in a message, even when the service echoes it', async () => {
    fake.answer((url) => ({ status: 400, body: { error_message: `Bad request ${url.search}` } }));
    const message = await failure(feed().fetchSpotPrices());
    expect(message).not.toContain(FAKE_METALS_DEV_KEY);
    expect(message).toContain('api_key=***');
  });

  it.each([
    [{ status: 500, body: 'oops', contentType: 'text/plain' }, 'metals.dev answered HTTP 500'],
    [{ status: 502, body: '<html><body>Bad Gateway</body></html>' }, 'metals.dev answered HTTP 502'],
    [{ body: '<html><body>Maintenance</body></html>' }, 'metals.dev answered an HTML page instead of prices'],
    [
      { body: '{"status":"success","metals":', contentType: 'application/json' },
      'metals.dev answered something that is not JSON instead of prices',
    ],
    [
      success({ gold: 2650, silver: 31, platinum: 980 }),
      'metals.dev answered unusable prices: metals.palladium: the price is missing',
    ],
    [
      success({ gold: 0, silver: 31, platinum: 980, palladium: 1000 }),
      'metals.dev answered unusable prices: metals.gold: the price 0 is not a positive amount',
    ],
    [
      success({ gold: 2650, silver: -31, platinum: 980, palladium: 1000 }),
      'metals.dev answered unusable prices: metals.silver: the price -31 is not a positive amount',
    ],
    [
      success({ gold: 2650, silver: 31, platinum: 'NaN', palladium: 1000 }),
      'metals.dev answered unusable prices: metals.platinum: the price "NaN" is not a positive amount',
    ],
    [
      success({ gold: 2650, silver: 31, platinum: 980, palladium: 'n/a' }),
      'metals.dev answered unusable prices: metals.palladium: the price "n/a" is not a positive amount',
    ],
    [
      { body: { status: 'success', currency: 'USD', unit: 'toz' } },
      'metals.dev answered unusable prices: metals: the metals list is missing',
    ],
    [
      { body: { status: 'success', currency: 'EUR', unit: 'toz', metals: { gold: 1, silver: 1, platinum: 1, palladium: 1 } } },
      'metals.dev answered unusable prices: currency: the prices are not in USD',
    ],
    [
      { body: { status: 'success', currency: 'USD', unit: 'g', metals: { gold: 1, silver: 1, platinum: 1, palladium: 1 } } },
      'metals.dev answered unusable prices: unit: the prices are not per troy ounce',
    ],
    [
      { body: { hello: 'world' } },
      'metals.dev answered unusable prices: status: status is not "success"; metals: the metals list is missing',
    ],
  ])('refuses %j: %s', async (answer, message) => {
    fake.answer(() => answer);
    expect(await failure(feed().fetchSpotPrices())).toBe(message);
  });

  it('gives up after its timeout', async () => {
    fake.answer(() => ({ delayMs: 2000, body: { status: 'success' } }));
    expect(await failure(feed().fetchSpotPrices())).toBe('metals.dev did not answer within 0.3 s');
  });

  it('needs a key', () => {
    expect(() => new MetalsDevPriceFeed({ apiKey: '' })).toThrow(/PRICE_FEED_API_KEY/);
  });
});

describe('simulated feed', () => {
  it('starts at realistic spot levels, labelled as simulated', async () => {
    const quote = await new SimulatedPriceFeed(() => 0.5).fetchSpotPrices();
    expect(quote.source).toBe('simulated');
    expect(quote.prices).toEqual({ gold: '2650.0000', silver: '31.0000', platinum: '980.0000', palladium: '1000.0000' });
  });

  it('moves at most 0.15% a step (plus the pull back) from the previous prices', async () => {
    const up = await new SimulatedPriceFeed(() => 1).fetchSpotPrices({ previous: simulatedStartingPrices });
    const down = await new SimulatedPriceFeed(() => 0).fetchSpotPrices({ previous: simulatedStartingPrices });
    expect(up.prices.gold).toBe('2653.9800');
    expect(down.prices.gold).toBe('2646.0300');
    const from = { gold: '3000', silver: '30', platinum: '1000', palladium: '900' };
    const next = await new SimulatedPriceFeed(() => 0.5).fetchSpotPrices({ previous: from });
    // No random move: only the gentle pull towards the starting level.
    expect(Number(next.prices.gold)).toBeLessThan(3000);
    expect(Number(next.prices.gold)).toBeGreaterThan(2990);
  });

  it('stays plausible over a month of once-a-minute steps', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const feed = new SimulatedPriceFeed(random);
    let previous = simulatedStartingPrices;
    for (let i = 0; i < 43_200; i++) previous = (await feed.fetchSpotPrices({ previous })).prices;
    for (const metal of ['gold', 'silver', 'platinum', 'palladium'] as const) {
      const ratio = Number(previous[metal]) / Number(simulatedStartingPrices[metal]);
      expect(ratio).toBeGreaterThanOrEqual(0.7);
      expect(ratio).toBeLessThanOrEqual(1.3);
    }
  });
});

describe('createPriceFeed', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).priceFeed;

  it('picks the feed PRICE_FEED names', () => {
    expect(createPriceFeed(config({})).provider).toBe('simulated');
    expect(createPriceFeed(config({ PRICE_FEED: 'gold-api' })).source).toBe('gold-api.com');
    expect(createPriceFeed(config({ PRICE_FEED: 'metals-dev', PRICE_FEED_API_KEY: 'k' })).source).toBe('metals.dev');
  });

  it('uses PRICE_FEED_URL', async () => {
    const feed = createPriceFeed(config({ PRICE_FEED: 'gold-api', PRICE_FEED_URL: fake.url }));
    expect((await feed.fetchSpotPrices()).prices.silver).toBe('31.0567');
  });
});
