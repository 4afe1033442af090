// The one list of Assay's background jobs, and the engine that runs them, beside the composition
// root: the server and the worker hand it the context built there, so the jobs of both processes
// use the same adapters. Each module keeps its handlers beside its rules (*.jobs.ts); this file
// only wires them to what they need.
import type { ProcessContext } from './context.ts';
import { mailboxCountsJobs } from './modules/admin-mailbox/index.ts';
import { mailSenderOf, outboxJobs } from './modules/notifications/index.ts';
import { offersJobs } from './modules/offers/index.ts';
import { reservePayoutJobs } from './modules/offer-acceptance/index.ts';
import { pricingJobs } from './modules/pricing/index.ts';
import { payoutsJobs } from './modules/payout-rails/index.ts';
import { shippingLabelsJobs } from './modules/shipping-labels/index.ts';
import { uploadsJobs } from './modules/uploads/index.ts';
import { signInThrottleJobs } from './modules/users/index.ts';
import { webhooksJobs } from './modules/webhooks/index.ts';
import type { JobPayloads } from './jobs/job-definitions.ts';
import type { AnyJobSpec, JobEngine } from './jobs/job-engine.ts';
import { createPgBossEngine, type PgBossEngineOptions } from './jobs/pg-boss-engine.ts';

/** What the jobs are handed: the process's context, nothing built here. */
export type JobContext = Pick<
  ProcessContext,
  'db' | 'log' | 'config' | 'clock' | 'keys' | 'pricing' | 'storage' | 'mail' | 'payouts' | 'carrier'
>;

export function assayJobs(ctx: JobContext): AnyJobSpec<JobPayloads>[] {
  const { db, payouts, carrier } = ctx;
  const logger = ctx.log.child({ module: 'jobs' });
  return [
    ...outboxJobs({ db, transport: ctx.mail, from: mailSenderOf(ctx.config), logger }),
    ...pricingJobs({ pricing: ctx.pricing, refreshSeconds: ctx.config.priceFeed.refreshSeconds, logger }),
    ...uploadsJobs({ db, storage: ctx.storage, logger }),
    ...mailboxCountsJobs({ db }),
    ...offersJobs({ db }),
    ...shippingLabelsJobs({ db, keys: ctx.keys }),
    ...webhooksJobs({ db, payouts, carrier, logger, lockDays: ctx.config.lockDays }),
    ...signInThrottleJobs({ db }),
    ...payoutsJobs({ db, payouts, keys: ctx.keys, clock: ctx.clock, logger }),
    ...reservePayoutJobs({ db, payouts, keys: ctx.keys, clock: ctx.clock, config: ctx.config, carrier, storage: ctx.storage }),
  ];
}

export function createJobEngine(
  ctx: JobContext,
  options: Pick<PgBossEngineOptions<JobPayloads>, 'pollingIntervalSeconds' | 'cronWorkerIntervalSeconds'> = {},
): JobEngine {
  return createPgBossEngine<JobPayloads>({
    db: ctx.db,
    logger: ctx.log.child({ module: 'jobs' }),
    jobs: assayJobs(ctx),
    ...options,
  });
}
