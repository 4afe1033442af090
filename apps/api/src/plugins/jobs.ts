// The job engine inside the HTTP process (`npm start`): installed when the app is built, so that
// requests can enqueue jobs in their transactions, and run when the app is ready. As soon as the
// app starts closing it stops taking jobs (while the requests in flight finish) and lets running
// ones finish, up to `stopTimeoutMs`; the close waits for that, and the database closes after it.
// With `run` false (tests) only the engine's tables are created: enqueue() works, nothing polls,
// and tests call the work.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobEngine } from '../job-registry.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { installJobTables } from '../jobs/pg-boss-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

export const JOBS_STOP_TIMEOUT_MS = 10_000;

export interface JobsPluginOptions {
  run: boolean;
  pollingIntervalSeconds?: number;
  /** How long running jobs may finish when the app closes; JOBS_STOP_TIMEOUT_MS by default. */
  stopTimeoutMs?: number;
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: JobsPluginOptions) => {
    // The composition root's context: the worker process builds its engine over the same one.
    const engine = createJobEngine(app.ctx, { pollingIntervalSeconds: opts.pollingIntervalSeconds });
    app.decorate('jobs', engine);
    if (!opts.run) {
      await installJobTables(app.ctx.db);
      return;
    }
    await engine.install();
    app.addHook('onReady', () => engine.start());
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= engine.stop({ timeoutMs: opts.stopTimeoutMs ?? JOBS_STOP_TIMEOUT_MS }).catch((err: unknown) => {
        app.log.warn({ err }, 'the job engine did not stop cleanly; unfinished jobs are retried by another process');
      }));
    // Not awaited here: the HTTP server closes meanwhile, and onClose (after it) waits for both.
    app.addHook('preClose', async () => void stop());
    app.addHook('onClose', stop);
  },
  { name: 'jobs', dependencies: ['price-feed', 'mail', 'storage'] },
);
