// Prices in the running server: the pricing service (built by the composition root) loads the
// prices into memory when the app is ready. Refreshing from the feed is a job, run by one process
// at a time (modules/pricing/pricing.jobs.ts); every process re-reads the stored prices at the
// same interval so that its in-memory answer follows the refreshes other processes write. The
// reload timer stops, and a running refresh is waited for, when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pricing: AppContext['pricing'];
  }
}

export interface PriceFeedOptions {
  service: AppContext['pricing'];
  refreshIntervalMs: number;
  /** False: no reload timer; tests call `app.pricing.refresh()` or `reload()` themselves. Default true. */
  autoReload?: boolean;
}

export const priceFeedPlugin = fp(
  async (app: FastifyInstance, opts: PriceFeedOptions) => {
    const { service, refreshIntervalMs } = opts;
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
