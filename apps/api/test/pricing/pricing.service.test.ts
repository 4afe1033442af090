// The pricing service on a real database with a controllable clock and feed: staleness over time,
// the half-interval skip, the refresh lock between instances, and failures keeping good prices.
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SpotPrices } from '@assay/domain';
import { type PriceFeed, PriceFeedError } from '../../src/adapters/price-feeds/index.ts';
import type { Database } from '../../src/db/client.ts';
import { priceFeedStatus, priceHistory, pricing } from '../../src/db/schema/index.ts';
import { lockPriceRefresh } from '../../src/modules/pricing/pricing.repository.ts';
import { PricingService, type PricingLogger } from '../../src/modules/pricing/pricing.service.ts';
import { createTestDatabase, engines } from '../support/test-app.ts';

const INTERVAL_MS = 60_000;

class ScriptedFeed implements PriceFeed {
  readonly provider = 'scripted';
  readonly source = 'scripted-feed';
  calls = 0;
  next: SpotPrices | Error = { gold: '2650', silver: '31', platinum: '980', palladium: '1000' };
  /** Resolved before answering; lets a test line two instances up at the same moment. */
  gate: (() => Promise<void>) | null = null;

  async fetchSpotPrices() {
    this.calls += 1;
    if (this.gate) await this.gate();
    if (this.next instanceof Error) throw this.next;
    return { prices: this.next, source: this.source };
  }
}

function silentLogger() {
  type Log = (obj: object, msg?: string) => void;
  return { debug: vi.fn<Log>(), info: vi.fn<Log>(), warn: vi.fn<Log>() } satisfies PricingLogger;
}

function clockAt(iso: string) {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

describe.each(engines)('pricing service on %s', (engine) => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase(engine));
  });
  afterAll(() => cleanup());
  afterEach(async () => {
    await database.db.delete(priceHistory);
    await database.db.delete(pricing);
    await database.db.delete(priceFeedStatus);
  });

  const make = (feed: PriceFeed, clock: { now: () => Date }, logger: PricingLogger = silentLogger()) =>
    new PricingService({ db: database.db, feed, refreshIntervalMs: INTERVAL_MS, logger, now: clock.now });
  const historyCount = async (itemType = 'gold-24k') =>
    (await database.db.select({ n: count() }).from(priceHistory).where(eq(priceHistory.itemType, itemType)))[0]!.n;

  it('turns feed prices stale after 10 minutes without touching the database, gems never', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const service = make(new ScriptedFeed(), clock);
    await service.start();
    await service.refresh({ force: true });
    const fresh = service.snapshot();
    expect(fresh.rows).toHaveLength(12);
    expect(fresh.rows.every((r) => !r.stale)).toBe(true);

    clock.advance(10 * 60_000);
    expect(service.snapshot()).toBe(fresh);
    clock.advance(1);
    const later = service.snapshot();
    expect(later.etag).not.toBe(fresh.etag);
    expect(later.rows.filter((r) => r.stale).map((r) => r.itemType)).toEqual([
      'gold-24k',
      'gold-22k',
      'gold-18k',
      'gold-14k',
      'gold-10k',
      'silver',
      'platinum',
      'palladium',
    ]);
    expect(JSON.parse(later.json)).toEqual(later.rows);
    expect((await service.status()).stale).toBe(true);
  });

  it('skips scheduled refreshes for half the interval, then refreshes', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    const service = make(feed, clock);
    await service.start();
    expect(await service.refresh()).toMatchObject({ refreshed: true, source: 'scripted-feed' });
    clock.advance(29_999);
    expect(await service.refresh()).toMatchObject({ refreshed: false, reason: 'fresh' });
    expect(feed.calls).toBe(1);
    clock.advance(1);
    expect(await service.refresh()).toMatchObject({ refreshed: true });
    expect(feed.calls).toBe(2);
    expect(await historyCount()).toBe(2);
    // An appraiser's refresh does not wait.
    expect(await service.refresh({ force: true })).toMatchObject({ refreshed: true });
    expect(await historyCount()).toBe(3);
  });

  it('keeps the last good prices on a failure, logs a warning and remembers the reason', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    const logger = silentLogger();
    const service = make(feed, clock, logger);
    await service.start();
    await service.refresh({ force: true });
    const good = service.snapshot().json;

    clock.advance(INTERVAL_MS);
    feed.next = new PriceFeedError('scripted-feed answered HTTP 500');
    await expect(service.refresh()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Failed to refresh pricing from API: scripted-feed answered HTTP 500',
    });
    feed.next = new TypeError('boom');
    await expect(service.refresh()).rejects.toMatchObject({
      message: 'Failed to refresh pricing from API: scripted-feed failed unexpectedly (boom)',
    });
    expect(service.snapshot().json).toBe(good);
    expect(await historyCount()).toBe(1);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn.mock.calls[0]![1]).toBe('price refresh failed; the last good prices stay');
    expect(await service.status()).toMatchObject({
      lastError: { message: 'scripted-feed failed unexpectedly (boom)', at: clock.now().toISOString() },
      lastSuccessAt: '2026-01-05T15:00:00.000Z',
    });
  });

  it('stores the last success and error, so another instance reports them; a step aside writes neither', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feedA = new ScriptedFeed();
    const feedB = new ScriptedFeed();
    const a = make(feedA, clock);
    const b = make(feedB, clock);
    await a.start();
    await b.start();
    expect(await b.status()).toMatchObject({ provider: 'scripted', lastSuccessAt: null, lastError: null });

    feedA.next = new PriceFeedError('scripted-feed answered HTTP 503');
    await expect(a.refresh({ force: true })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const failedAt = clock.now().toISOString();
    expect(await b.status()).toMatchObject({
      lastSuccessAt: null,
      lastError: { message: 'scripted-feed answered HTTP 503', at: failedAt },
    });

    clock.advance(INTERVAL_MS);
    expect(await b.refresh()).toMatchObject({ refreshed: true });
    const succeededAt = clock.now().toISOString();
    // The success does not wipe the error: the status says both, each with its time.
    expect(await a.status()).toMatchObject({
      lastSuccessAt: succeededAt,
      lastError: { message: 'scripted-feed answered HTTP 503', at: failedAt },
    });

    // Prices younger than half the interval: A steps aside and writes nothing, not even the time.
    clock.advance(1000);
    expect(await a.refresh()).toMatchObject({ refreshed: false, reason: 'fresh' });
    expect(feedA.calls).toBe(1);
    const [row] = await database.db.select().from(priceFeedStatus);
    expect(row).toMatchObject({ provider: 'scripted', updatedAt: new Date(succeededAt) });
  });

  it('still answers the feed failure when the failure cannot be recorded, and logs why', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    feed.next = new PriceFeedError('scripted-feed answered HTTP 500');
    const logger = silentLogger();
    // The status table refuses writes (a database in trouble); everything else works.
    const db = new Proxy(database.db, {
      get(target, prop) {
        if (prop === 'insert') {
          return (table: Parameters<typeof target.insert>[0]) => {
            if (table === priceFeedStatus) throw new Error('price_feed_status is unavailable');
            return target.insert(table);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const service = new PricingService({ db, feed, refreshIntervalMs: INTERVAL_MS, logger, now: clock.now });
    await service.start();
    await expect(service.refresh({ force: true })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Failed to refresh pricing from API: scripted-feed answered HTTP 500',
    });
    expect(logger.warn.mock.calls.map((call) => call[1])).toEqual([
      'price refresh failed; the last good prices stay',
      "the price feed's failure could not be recorded",
    ]);
    expect(await service.status()).toMatchObject({ lastError: null });
  });

  it('never stores a zero price, even from a feed that skipped validation', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    feed.next = { gold: '2650', silver: '0', platinum: '980', palladium: '1000' };
    const service = make(feed, clock);
    await service.start();
    await expect(service.refresh({ force: true })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    expect(await historyCount('silver')).toBe(0);
    expect(service.snapshot().rows.map((r) => r.itemType)).toEqual(['diamond', 'ruby', 'sapphire', 'emerald']);
  });

  it('seeds the gem reference prices once, and never over an appraiser’s price', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const service = make(new ScriptedFeed(), clock);
    await service.start();
    await service.setGemPrice({ id: 'appraiser-1', isAdmin: true }, 'diamond', '5200');
    await make(new ScriptedFeed(), clock).start();
    await service.start();
    expect(await database.db.select().from(priceHistory).where(eq(priceHistory.source, 'admin-reference'))).toHaveLength(4);
    expect(service.snapshot().rows.find((r) => r.itemType === 'diamond')).toMatchObject({
      pricePerCarat: '5200.00',
      source: 'admin',
    });
    await expect(service.setGemPrice({ id: 'client-1', isAdmin: false }, 'diamond', '1')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('answers no 24-hour change until there is a price from 24 hours ago', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    const service = make(feed, clock);
    await service.start();
    await service.refresh({ force: true });
    expect(service.snapshot().rows.find((r) => r.itemType === 'silver')?.change24h).toBeNull();
    clock.advance(24 * 3600_000);
    feed.next = { gold: '2650', silver: '31.62', platinum: '980', palladium: '1000' };
    await service.refresh();
    expect(service.snapshot().rows.find((r) => r.itemType === 'silver')?.change24h).toBe('2.00');
    expect(service.snapshot().rows.find((r) => r.itemType === 'gold-10k')?.change24h).toBe('0.00');
  });

  it('answers chart history from memory until the prices change', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    const feed = new ScriptedFeed();
    const service = make(feed, clock);
    await service.start();
    await service.refresh({ force: true });
    const first = await service.history('silver', 1);
    expect(first).toEqual([
      { recordedAt: '2026-01-05T15:00:00.000Z', pricePerOz: '31.0000', pricePerGram: '0.9967', pricePerCarat: null },
    ]);
    await database.db.insert(priceHistory).values({
      itemType: 'silver',
      pricePerOz: '30.0000',
      pricePerGram: '0.9645',
      source: 'test',
      recordedAt: new Date('2026-01-05T14:30:00.000Z'),
    });
    expect(await service.history('silver', 1)).toBe(first);
    clock.advance(INTERVAL_MS);
    feed.next = { gold: '2650', silver: '32', platinum: '980', palladium: '1000' };
    await service.refresh();
    expect((await service.history('silver', 1)).map((p) => p.pricePerOz)).toEqual(['30.0000', '31.0000', '32.0000']);
  });

  it.runIf(engine === 'postgres')('lets exactly one of two instances write when both refresh at once', async () => {
    const clock = clockAt('2026-01-05T15:00:00.000Z');
    // Both instances' feeds answer only when both have been asked (or after 1 s), so both have
    // passed the age check and race for the lock.
    let waiting: (() => void)[] = [];
    const gate = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          waiting.forEach((r) => r());
          waiting = [];
        } else setTimeout(resolve, 1000);
      });
    const feedA = new ScriptedFeed();
    const feedB = new ScriptedFeed();
    feedA.gate = gate;
    feedB.gate = gate;
    feedB.next = { gold: '2700', silver: '32', platinum: '990', palladium: '1010' };
    const a = make(feedA, clock);
    const b = make(feedB, clock);
    await a.start();
    await b.start();

    for (let round = 1; round <= 5; round++) {
      const results = await Promise.all([a.refresh(), b.refresh()]);
      expect(results.filter((r) => r.refreshed)).toHaveLength(1);
      expect(results.find((r) => !r.refreshed)?.reason).toMatch(/^(busy|fresh)$/);
      expect(await historyCount()).toBe(round);
      clock.advance(INTERVAL_MS);
    }
    expect(feedA.calls + feedB.calls).toBe(10);
    // Whichever wrote, both instances quote the same prices once they have read them.
    await a.reload();
    await b.reload();
    expect(a.snapshot().json).toBe(b.snapshot().json);
  });

  it.runIf(engine === 'postgres')(
    'steps aside while another instance holds the lock; an appraiser’s refresh waits for it',
    async () => {
      const clock = clockAt('2026-01-05T15:00:00.000Z');
      const feed = new ScriptedFeed();
      const service = make(feed, clock);
      await service.start();

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.db.transaction(async (tx) => {
        await lockPriceRefresh(tx);
        locked();
        await released;
      });
      await isLocked;

      expect(await service.refresh()).toMatchObject({ refreshed: false, reason: 'busy' });
      expect(await historyCount()).toBe(0);

      let forcedDone = false;
      const forced = service.refresh({ force: true }).then((r) => {
        forcedDone = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(forcedDone).toBe(false);
      release();
      await holder;
      expect(await forced).toMatchObject({ refreshed: true });
      expect(await historyCount()).toBe(1);
    },
  );
});
