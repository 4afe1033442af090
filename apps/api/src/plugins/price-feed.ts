// Prices in the running server: the pricing service (built by the composition root) loads the
// prices into memory when the app is ready. Refreshing from the feed is a job, run by one process
// at a time (modules/pricing/pricing.jobs.ts). On PostgreSQL every process hears each refresh or
// gem price edit at once (db/change-signals.ts) and re-reads; every process also re-reads at the
// refresh interval, a safety net for a signal lost. The listener and the reload timer stop, and a
// running refresh is waited for, when the app closes.
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
    // Signals heard before the prices are first loaded change nothing: the first load reads them.
    let started = false;
    const reload = () => service.reload().catch((err: unknown) => app.log.warn({ err }, 'reloading the prices failed'));
    if (opts.autoReload !== false) {
      app.changes.subscribe({
        onSignal: (signal) => started && signal.topic === 'prices' && void reload(),
        onListening: (resumed) => started && resumed && void reload(),
      });
    }
    app.addHook('onReady', async () => {
      await service.start();
      started = true;
      if (opts.autoReload === false) return;
      // A cache of the table, not background work: each process keeps its own copy fresh.
      timer = setInterval(() => void reload(), refreshIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'price-feed', dependencies: ['change-signals'] },
);
