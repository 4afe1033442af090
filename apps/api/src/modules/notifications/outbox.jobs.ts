// The outbox's jobs: one delivery job per e-mail (enqueued with it, outbox.repository.ts), retried
// with a doubling pause and then sent to the dead-letter queue, and a sweep for e-mails that have
// no job. Without SMTP the jobs leave every e-mail in the outbox, as the demo mailbox expects.
import type { MailTransport } from '../../adapters/mail/mail-transport.ts';
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob, type JobLogger } from '../../jobs/job-engine.ts';
import {
  DELIVERY_RETRY_DELAY_SECONDS,
  deliverEmail,
  giveUpEmail,
  MAX_EMAIL_ATTEMPTS,
  requeueNeverTriedEmails,
  type MailSender,
} from './outbox.service.ts';

export interface OutboxJobDeps {
  db: Db;
  transport: MailTransport | null;
  /** The sender with the business identity every e-mail ends with (a bare address in some tests). */
  from: MailSender | string;
  logger: JobLogger;
}

export function outboxJobs({ db, transport, from, logger }: OutboxJobDeps): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'outbox-dead-letter'>({
      name: 'outbox-dead-letter',
      queue: { retryLimit: 2 },
      async handle({ outboxId }) {
        await giveUpEmail(db, outboxId);
        logger.warn({ outboxId }, 'an e-mail could not be delivered and was given up');
      },
    }),
    defineJob<JobPayloads, 'outbox-delivery'>({
      name: 'outbox-delivery',
      queue: {
        // One try of the job is one attempt on the row: the last one gives both up together.
        retryLimit: MAX_EMAIL_ATTEMPTS - 1,
        retryDelaySeconds: DELIVERY_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        deadLetter: 'outbox-dead-letter',
        // A send gives up within its SMTP timeouts (3 x 15 s); a job still "active" after a minute
        // belongs to a worker that died, and is tried again. The row's claim still keeps a slow
        // send from being doubled (deliverEmail answers EmailBusyError until the claim is stale).
        expireInSeconds: 60,
      },
      async handle({ outboxId }) {
        if (!transport) return;
        await deliverEmail(db, transport, from, outboxId);
      },
    }),
    defineJob<JobPayloads, 'outbox-sweep'>({
      name: 'outbox-sweep',
      queue: { policy: 'singleton', retryLimit: 0 },
      schedule: { cron: '*/10 * * * *' },
      async handle() {
        if (!transport) return;
        const requeued = await requeueNeverTriedEmails(db);
        if (requeued) logger.info({ requeued }, 'e-mails without a delivery job were queued again');
      },
    }),
  ];
}
