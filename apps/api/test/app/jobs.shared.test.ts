// Two engines on one PostgreSQL database, as two processes would be: a singleton schedule runs
// once per tick, and the self-rescheduling price refresh never runs twice at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceFeed } from '../../src/adapters/price-feeds/index.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { JobEngine } from '../../src/jobs/job-engine.ts';
import { pricingJobs } from '../../src/modules/pricing/index.ts';
import { PricingService } from '../../src/modules/pricing/index.ts';
import { emptyPostgresDatabase, quietLogger, startTestEngine, waitFor } from '../support/jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.DATABASE_URL)('two job engines on one PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  const databases: Database[] = [];
  const engines: JobEngine[] = [];
  beforeAll(async () => {
    scratch = await emptyPostgresDatabase();
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: scratch.url }));
    await databases[0]!.migrate();
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop({ timeoutMs: 1000 });
    for (const database of databases) await database.close();
    await scratch.drop();
  });

  it('run a singleton schedule once per tick', async () => {
    // A tick is a clock minute: runs in two different minutes are two ticks, rightly. So the test
    // counts runs per minute instead of waiting for a minute to start.
    const runMinutes: number[] = [];
    type Jobs = { 'test-tick': Record<string, never> };
    for (const database of databases) {
      engines.push(
        await startTestEngine<Jobs>(
          database.db,
          [
            {
              name: 'test-tick',
              queue: { policy: 'singleton' },
              schedule: { cron: '* * * * *' },
              handle: async () => void runMinutes.push(Math.floor(Date.now() / 60_000)),
            },
          ],
          // Schedules checked every second too: a tick comes within seconds, not pg-boss's 30, and
          // both engines race for each tick thirty times as often, which a double run would show.
          { cronWorkerIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 },
        ),
      );
    }
    // The first tick may be the next minute's, and a loaded machine starts engines slowly.
    await waitFor(() => runMinutes.length > 0, 'the scheduled job', 75_000);
    // Both engines check the schedule every second: a double run would show within a few checks.
    await sleep(4000);
    expect(runMinutes.length).toBeGreaterThan(0);
    expect(new Set(runMinutes).size).toBe(runMinutes.length);
    for (const engine of engines.splice(0)) await engine.stop({ timeoutMs: 1000 });
  }, 150_000);

  it('refresh the prices every interval, one refresh at a time', async () => {
    let fetching = 0;
    let overlapped = false;
    let fetches = 0;
    const feed: PriceFeed = {
      provider: 'test',
      source: 'test-feed',
      async fetchSpotPrices() {
        fetches += 1;
        fetching += 1;
        if (fetching > 1) overlapped = true;
        await sleep(300);
        fetching -= 1;
        return { prices: { gold: '2650', silver: '31', platinum: '980', palladium: '1000' }, source: 'test-feed' };
      },
    };
    const refreshSeconds = 2;
    for (const database of databases) {
      const pricing = new PricingService({
        db: database.db,
        feed,
        refreshIntervalMs: refreshSeconds * 1000,
        logger: { ...quietLogger, debug: () => undefined },
      });
      await pricing.start();
      engines.push(await startTestEngine(database.db, pricingJobs({ pricing, refreshSeconds, logger: quietLogger })));
    }
    const started = Date.now();
    await waitFor(() => fetches >= 3, 'three refreshes', 20_000);
    const elapsed = Date.now() - started;
    // Two chains would fetch twice per interval; one chain fetches once per interval (plus polling).
    expect(elapsed).toBeGreaterThanOrEqual(2 * refreshSeconds * 1000 - 500);
    expect(overlapped).toBe(false);
  });
});
