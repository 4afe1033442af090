// Prices in the running server: builds the configured feed and the pricing service and loads the
// prices into memory when the app is ready. Refreshing from the feed is a job, run by one process
// at a time (modules/pricing/pricing.jobs.ts); every process re-reads the stored prices at the
// same interval so that its in-memory answer follows the refreshes other processes write. The
// reload timer stops, and a running refresh is waited for, when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createPriceFeed, type PriceFeed } from '../adapters/price-feeds/index.ts';
import { PricingService } from '../modules/pricing/pricing.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingService;
  }
}

export interface PriceFeedOptions {
  /** Replaces the configured feed (tests, benchmarks). */
  feed?: PriceFeed;
  /** False: no reload timer; tests call `app.pricing.refresh()` or `reload()` themselves. Default true. */
  autoReload?: boolean;
}

export const priceFeedPlugin = fp(
  async (app: FastifyInstance, opts: PriceFeedOptions & { db: Db; config: Config }) => {
    const refreshIntervalMs = opts.config.priceFeed.refreshSeconds * 1000;
    const service = new PricingService({
      db: opts.db,
      feed: opts.feed ?? createPriceFeed(opts.config.priceFeed),
      refreshIntervalMs,
      logger: app.log.child({ module: 'pricing' }),
    });
    app.decorate('pricing', service);

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await service.start();
      if (opts.autoReload === false) return;
      // A cache of the table, not background work: each process keeps its own copy fresh.
      timer = setInterval(() => {
        service.reload().catch((err: unknown) => app.log.warn({ err }, 'reloading the prices failed'));
      }, refreshIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'price-feed' },
);
