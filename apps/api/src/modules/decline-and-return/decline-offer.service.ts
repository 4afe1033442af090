// Declining an offer (DECISIONS "Submissions and their life", "Declining an offer"): the client
// says no to an offered submission, it becomes returning (DECISIONS "Returning": returned once
// it is delivered back), and a return label from Assay's receiving
// address to the client is made at once, saying who pays the trip back. Free return shipping when
// the offer is at least 20% below the estimate (qualifiesForFreeReturn), or below the guaranteed
// floor for a reason the measured facts do not explain (floorJudgementOfVersion: per item, decisions 036 and 042).
import {
  type DeclineOfferResponse,
  owesGoodwill,
  qualifiesForFreeReturn,
  statusBadgeLabel,
  centsToDecimalString,
} from '@assay/domain';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { closeCurrentOffer, currentOfferOf, floorJudgementOfVersion } from '../offers/index.ts';
import {
  lockSubmissionRow,
  photoIdsOfSubmissions,
  type SubmissionRow,
  toSubmissionDto,
  transitionSubmission,
} from '../submissions/index.ts';
import { shippingAddressOf } from '../users/index.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { addressRequired, toLabelDto } from '../shipping-labels/index.ts';
import { decimalOrNull } from '../../lib/amounts.ts';
import { reserveAllowsDecline } from '../submissions/index.ts';
import { reserveWindowClosed } from './return-below-reserve.ts';
import { shipReturn } from './ship-return.ts';

function cannotDecline(status: string | undefined) {
  if (status === 'returning') return conflict('You have already declined this offer; your item is on its way back.');
  if (status === 'returned') return conflict('You have already declined this offer; your item was delivered back to you.');
  if (status === 'completed') return conflict('This offer was already accepted and paid, so it can no longer be declined.');
  return conflict(`Only an offer that is ready can be declined; this submission is "${statusBadgeLabel(status)}".`);
}

export async function declineOffer(ctx: AppContext, actor: Actor, { id }: { id: string }): Promise<DeclineOfferResponse> {
  return ctx.db.transaction(async (tx) => {
    // The submission first, as every transaction that changes it does (decision 024).
    return declineLockedOffer(tx, ctx, actor, await lockSubmissionRow(tx, id));
  });
}

/**
 * The decline inside the caller's transaction, on the submission it has locked: also how the
 * seller's item-by-item choices decline every item (choose-items.ts).
 */
export async function declineLockedOffer(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  submission: SubmissionRow | null,
): Promise<DeclineOfferResponse> {
  if (!submission) throw notFound('Submission');
  if (submission.userId !== actor.id) {
    // Clients must not learn that someone else's submission exists; appraisers may see it anyway.
    throw actor.isAdmin ? forbidden('Only the client who owns this submission can decline its offer.') : notFound('Submission');
  }
  if (submission.status !== 'offered') throw cannotDecline(submission.status);
  // Decision 040: an offer the seller's reserve accepted may be declined for 24 h only.
  if (!reserveAllowsDecline(submission, ctx.clock.now())) throw reserveWindowClosed(submission);
  // The item goes back to this address, so it is asked for before anything changes.
  const clientAddress = await shippingAddressOf(tx, ctx.keys.decryptionKeys, actor.id);
  if (!clientAddress) throw addressRequired();

  // Conditional: of two declines, or a decline racing a payout, exactly one moves the row.
  const declined = await transitionSubmission(tx, {
    id: submission.id,
    transition: 'decline',
    refuse: (refusal) => cannotDecline(refusal.reason === 'not_found' ? undefined : refusal.current.status),
  });
  const belowFloor = await missesGuaranteeFloor(tx, declined);
  // The offer version the seller declined says so in the offer history.
  await closeCurrentOffer(tx, declined.id, 'declined');

  let returned = declined;
  const offerCents = returned.finalOffer;
  const freeReturn =
    belowFloor ||
    (offerCents !== null &&
      qualifiesForFreeReturn(
        offerCents,
        decimalOrNull(returned.preliminaryQuoteMin),
        decimalOrNull(returned.preliminaryQuoteMax),
      ));
  const { label, tracked } = await shipReturn(tx, ctx, {
    declined: returned,
    clientAddress,
    freeReturn,
    changedMessage: 'This submission changed while it was declined. Please reload and try again.',
  });
  returned = tracked;

  await writeAuditEntry(tx, {
    actorId: actor.id,
    entityType: 'submission',
    entityId: returned.id,
    action: 'offer_declined',
    fromStatus: 'offered',
    toStatus: 'returning',
    // One timeline entry for the client's one action: the return label is part of it.
    changes: {
      freeReturn,
      returnLabelId: label.id,
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      insuredValue: centsToDecimalString(label.insuredValue),
    },
  });
  await notify(tx, {
    userId: actor.id,
    submissionId: returned.id,
    email: true,
    ...notificationContent.itemReturned({ submissionId: returned.id, freeReturn, trackingNumber: label.trackingNumber }),
  });

  const images = await photoIdsOfSubmissions(tx, [returned.id]);
  return {
    submission: toSubmissionDto(returned, images.get(returned.id) ?? [], actor),
    returnLabel: toLabelDto(label),
    freeReturn,
  };
}

/** Whether the declined offer missed the submission's guaranteed floor unexplained (a free return is owed). */
async function missesGuaranteeFloor(tx: DbOrTx, submission: SubmissionRow): Promise<boolean> {
  const offer = await currentOfferOf(tx, submission.id);
  if (!offer) return false;
  return owesGoodwill(await floorJudgementOfVersion(tx, submission, offer));
}
