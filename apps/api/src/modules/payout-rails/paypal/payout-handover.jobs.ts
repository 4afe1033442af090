// The payout jobs (payout-handover.service.ts): the hand-over of each attempt, retried with a
// doubling pause for about an hour before the appraisers are told to pay it by hand, and the
// rail check every 15 minutes for payouts whose webhook never came.
import type { JobPayloads } from '../../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../../jobs/job-engine.ts';
import { findTransaction, recordHandoverGivenUp } from '../../payouts/index.ts';
import { checkPayoutsWithRail, handOverPayout, type PayoutHandoverDeps } from './payout-handover.service.ts';

/** 30 s, then doubling: the last of 7 tries comes about an hour after the first. */
export const HANDOVER_RETRY_LIMIT = 6;
export const HANDOVER_RETRY_DELAY_SECONDS = 30;

export function payoutsJobs(deps: PayoutHandoverDeps): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'payout-handover-dead-letter'>({
      name: 'payout-handover-dead-letter',
      queue: { retryLimit: 2 },
      async handle({ transactionId, attempt }) {
        const row = await findTransaction(deps.db, transactionId);
        if (!row || row.status !== 'pending' || row.attempt !== attempt) return;
        await recordHandoverGivenUp(deps.db, row, 'the provider did not take it after every retry');
        deps.logger.warn({ transactionId }, 'a payout could not be handed to its provider; it waits for a person');
      },
    }),
    defineJob<JobPayloads, 'payout-handover'>({
      name: 'payout-handover',
      queue: {
        retryLimit: HANDOVER_RETRY_LIMIT,
        retryDelaySeconds: HANDOVER_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        deadLetter: 'payout-handover-dead-letter',
        // A provider call has its own timeout (15 s for PayPal); a run this long has lost its process.
        expireInSeconds: 120,
      },
      async handle(payload) {
        await handOverPayout(deps, payload);
      },
    }),
    defineJob<JobPayloads, 'payout-rail-check'>({
      name: 'payout-rail-check',
      queue: { policy: 'singleton', retryLimit: 0 },
      schedule: { cron: '*/15 * * * *' },
      async handle() {
        const { asked, moved } = await checkPayoutsWithRail(deps);
        if (asked) deps.logger.info({ asked, moved }, 'asked the rail about quiet payouts');
      },
    }),
  ];
}
