import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { processWebhook } from './webhooks.service.ts';

/** Each stored webhook is applied by a job; a failure (the database away) is retried with backoff. */
export function webhooksJobs({ db, now = () => new Date() }: { db: Db; now?: () => Date }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'webhook-process'>({
      name: 'webhook-process',
      queue: { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true },
      async handle({ inboxId }) {
        await processWebhook(db, inboxId, now());
      },
    }),
  ];
}
