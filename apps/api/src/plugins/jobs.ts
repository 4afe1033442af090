// The job engine inside the HTTP process (`npm start`): installed when the app is built, so that
// requests can enqueue jobs in their transactions, and run when the app is ready; on close it stops
// taking jobs and lets running ones finish, before the database closes. With `run` false (tests)
// only the engine's tables are created: enqueue() works, nothing polls, and tests call the work.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { installJobTables } from '../jobs/pg-boss-engine.ts';
import { createJobEngine } from '../jobs/registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

export const JOBS_STOP_TIMEOUT_MS = 10_000;

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; refreshSeconds: number; run: boolean; pollingIntervalSeconds?: number }) => {
    const engine = createJobEngine(
      {
        db: opts.db,
        logger: app.log.child({ module: 'jobs' }),
        pricing: app.pricing,
        refreshSeconds: opts.refreshSeconds,
        storage: app.storage,
        mail: app.mail,
        payouts: app.ctx.payouts,
        keys: app.ctx.keys,
      },
      { pollingIntervalSeconds: opts.pollingIntervalSeconds },
    );
    app.decorate('jobs', engine);
    if (!opts.run) {
      await installJobTables(opts.db);
      return;
    }
    await engine.install();
    app.addHook('onReady', () => engine.start());
    app.addHook('onClose', () => engine.stop({ timeoutMs: JOBS_STOP_TIMEOUT_MS }));
  },
  { name: 'jobs', dependencies: ['price-feed', 'mail', 'storage'] },
);
