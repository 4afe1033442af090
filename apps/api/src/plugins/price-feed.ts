// Prices in the running server: builds the configured feed and the pricing service, loads the
// prices into memory when the app is ready, refreshes them every PRICE_REFRESH_SECONDS (one
// instance writes, see PricingService.refresh), and stops the timer and waits for a running
// refresh when the app closes, before the database does.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createPriceFeed, type PriceFeed } from '../adapters/price-feeds/index.ts';
import { AppError } from '../lib/app-error.ts';
import { PricingService } from '../modules/pricing/pricing.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingService;
  }
}

export interface PriceFeedOptions {
  /** Replaces the configured feed (tests, benchmarks). */
  feed?: PriceFeed;
  /** False: no refresh at start and no timer; call `app.pricing.refresh()` yourself. Default true. */
  autoRefresh?: boolean;
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
    const tick = () => {
      service.refresh().catch((err: unknown) => {
        // Feed failures are logged and remembered by the service; anything else is logged here.
        if (!(err instanceof AppError)) app.log.warn({ err }, 'scheduled price refresh failed');
      });
    };

    app.addHook('onReady', async () => {
      await service.start();
      if (opts.autoRefresh === false) return;
      tick();
      timer = setInterval(tick, refreshIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'price-feed' },
);
