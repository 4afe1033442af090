import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { processWebhook, type WebhookDeps } from './webhooks.service.ts';

/**
 * Each stored webhook is applied by a job; a failure (the database away, PayPal or EasyPost not
 * answering the question the job asks them) is retried with backoff.
 */
export function webhooksJobs({ now = () => new Date(), ...deps }: WebhookDeps & { now?: () => Date }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'webhook-process'>({
      name: 'webhook-process',
      queue: { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true },
      async handle({ inboxId }) {
        await processWebhook(deps, inboxId, now());
      },
    }),
  ];
}
