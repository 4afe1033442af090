// The `reserve-payout` job (decision 040): scheduled 24 h after a reserve accepted an offer, in
// that transaction; it pays the offer unless the seller declined it meanwhile.
import { reserveDeclineUntil } from '@assay/domain';
import { enqueue } from '../../jobs/enqueue.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import type { AcceptanceContext } from './return-declined-items.ts';
import { findSubmissionRow } from '../submissions/index.ts';
import { payMetReserve } from './pay-met-reserve.ts';

export function reservePayoutJobs(ctx: AcceptanceContext): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'reserve-payout'>({
      name: 'reserve-payout',
      queue: { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true },
      async handle({ submissionId }) {
        const outcome = await payMetReserve(ctx, submissionId);
        if (outcome !== 'not_due') return;
        // Woken early (a clock apart from the database's): sleep the rest of the window.
        const row = await findSubmissionRow(ctx.db, submissionId);
        if (!row?.reserveMetAt) return;
        const rest = Math.ceil((reserveDeclineUntil(row.reserveMetAt).getTime() - ctx.clock.now().getTime()) / 1000);
        await enqueue(ctx.db, 'reserve-payout', { submissionId }, { startAfterSeconds: Math.max(1, rest) });
      },
    }),
  ];
}
