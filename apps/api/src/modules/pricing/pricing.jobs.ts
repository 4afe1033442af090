// The price refresh as a job. pg-boss's cron ticks once a minute at best and PRICE_REFRESH_SECONDS
// may be 5, so the job reschedules itself: each run first queues the next one, `refreshSeconds`
// later. The queue is stately with one key, so at most one refresh waits and one runs, across
// every process; a once-a-minute schedule with the same key revives the chain if it ever breaks.
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { type AnyJobSpec, defineJob, type JobLogger } from '../../jobs/job-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PricingService } from './pricing.service.ts';

export const PRICE_REFRESH_KEY = 'price-refresh';

export interface PricingJobDeps {
  pricing: PricingService;
  refreshSeconds: number;
  logger: JobLogger;
}

export function pricingJobs({ pricing, refreshSeconds, logger }: PricingJobDeps): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'price-refresh'>({
      name: 'price-refresh',
      // A refresh is never retried: the next link of the chain is the retry.
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
      schedule: { cron: '* * * * *', singletonKey: PRICE_REFRESH_KEY },
      kickoff: { payload: {}, options: { singletonKey: PRICE_REFRESH_KEY } },
      async handle(_payload, run) {
        await enqueue(run.db, 'price-refresh', {}, { singletonKey: PRICE_REFRESH_KEY, startAfterSeconds: refreshSeconds });
        try {
          await pricing.refresh();
        } catch (err) {
          // Feed failures are logged and remembered by the service; anything else is logged here.
          if (!(err instanceof AppError)) logger.warn({ err }, 'scheduled price refresh failed');
        }
      },
    }),
  ];
}
