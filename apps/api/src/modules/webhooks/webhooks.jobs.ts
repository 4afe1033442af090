import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { pruneTransmissions } from './webhooks.repository.ts';
import { processWebhook, type WebhookDeps } from './webhooks.service.ts';

/** Twice the longest age window a delivery may have, so no id an accepted delivery could carry is forgotten. */
export const TRANSMISSION_MEMORY_MS = 2 * 60 * 60 * 1000;

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
    defineJob<JobPayloads, 'webhook-transmissions-prune'>({
      name: 'webhook-transmissions-prune',
      queue: { policy: 'singleton', retryLimit: 1 },
      schedule: { cron: '41 * * * *' },
      handle: () => pruneTransmissions(deps.db, new Date(now().getTime() - TRANSMISSION_MEMORY_MS)),
    }),
  ];
}
