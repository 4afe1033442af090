// What a first offer does to the seller's reserve (decision 040), in the offer's transaction: at or
// above it the offer is accepted for the seller, who may still decline for 24 h and is paid only
// after (the `reserve-payout` job, scheduled here); below it the parcel comes back free.
import {
  centsToDecimalString,
  formatCents,
  formatOfferDeadline,
  RESERVE_DECLINE_HOURS,
  reserveDeclineUntil,
  reserveMetSentence,
  reserveOutcome,
} from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { returnBelowReserve } from '../decline-and-return/index.ts';
import { notify } from '../notifications/index.ts';
import { type SubmissionRow, updateSubmissionIf } from '../submissions/index.ts';

/** The offered submission after its reserve had its say; null when it has no reserve (nothing done). */
export async function applyReserve(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  offered: SubmissionRow,
): Promise<SubmissionRow | null> {
  const { reserve, finalOffer } = offered;
  if (reserve === null || finalOffer === null) return null;
  if (reserveOutcome(finalOffer, reserve) === 'missed') {
    return returnBelowReserve(tx, ctx, { ...offered, reserve, finalOffer }, actor.id);
  }
  const now = ctx.clock.now();
  const met = await updateSubmissionIf(tx, offered.id, { status: 'offered', version: offered.version }, { reserveMetAt: now });
  if (!met) throw conflict('This submission changed while its offer was made. Please reload and try again.');
  const until = reserveDeclineUntil(now);
  const sentence = reserveMetSentence(finalOffer, reserve, formatOfferDeadline(until));
  await writeAuditEntry(tx, {
    actorId: actor.id,
    entityType: 'submission',
    entityId: met.id,
    action: 'reserve_met',
    changes: {
      message: sentence,
      finalOffer: centsToDecimalString(finalOffer),
      reserve: centsToDecimalString(reserve),
      declineUntil: until.toISOString(),
    },
  });
  await notify(tx, {
    userId: met.userId,
    submissionId: met.id,
    email: true,
    kind: 'offer_ready',
    title: 'Your reserve was met: we accepted our offer for you',
    body: sentence,
    emailFacts: [
      { label: 'Our offer', value: formatCents(finalOffer) },
      { label: 'Your reserve', value: formatCents(reserve) },
      { label: 'Decline until', value: formatOfferDeadline(until) },
    ],
  });
  // The hand-over waits out the window; a decline before then leaves the job nothing to pay.
  await enqueue(tx, 'reserve-payout', { submissionId: met.id }, { startAfterSeconds: RESERVE_DECLINE_HOURS * 3600 });
  return met;
}
