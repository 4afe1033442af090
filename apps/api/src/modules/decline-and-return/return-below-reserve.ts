// An offer below the seller's reserve (decision 040): decided as a decline on the seller's behalf,
// in the appraiser's offer transaction, always with a free return label, the seller told why.
import {
  centsToDecimalString,
  formatCents,
  formatOfferDeadline,
  reserveDeclineUntil,
  reserveMessages,
  reserveMissedSentence,
} from '@assay/domain';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { closeCurrentOffer } from '../offers/index.ts';
import { addressRequired } from '../shipping-labels/index.ts';
import { type SubmissionRow, transitionSubmission } from '../submissions/index.ts';
import { shippingAddressOf } from '../users/index.ts';
import { shipReturn } from './ship-return.ts';

/**
 * The offered submission goes offered -> returning with a free return label; `actorId` is the
 * appraiser whose offer missed the reserve. Refuses (and so rolls the offer back) when the seller
 * has no address to send the parcel to.
 */
export async function returnBelowReserve(
  tx: DbOrTx,
  ctx: AppContext,
  offered: SubmissionRow & { reserve: number; finalOffer: number },
  actorId: string,
): Promise<SubmissionRow> {
  const clientAddress = await shippingAddressOf(tx, ctx.keys.decryptionKeys, offered.userId);
  if (!clientAddress) throw addressRequired();
  const declined = await transitionSubmission(tx, {
    id: offered.id,
    transition: 'decline',
    refuse: () => conflict('This submission changed while its offer was made. Please reload and try again.'),
  });
  await closeCurrentOffer(tx, declined.id, 'declined');
  const { label, tracked } = await shipReturn(tx, ctx, {
    declined,
    clientAddress,
    freeReturn: true,
    changedMessage: 'This submission changed while its offer was made. Please reload and try again.',
  });
  const sentence = reserveMissedSentence(offered.finalOffer, offered.reserve);
  await writeAuditEntry(tx, {
    actorId,
    entityType: 'submission',
    entityId: tracked.id,
    action: 'reserve_missed',
    fromStatus: 'offered',
    toStatus: 'returning',
    changes: {
      message: sentence,
      finalOffer: centsToDecimalString(offered.finalOffer),
      reserve: centsToDecimalString(offered.reserve),
      freeReturn: true,
      returnLabelId: label.id,
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      insuredValue: centsToDecimalString(label.insuredValue),
    },
  });
  await notify(tx, {
    userId: tracked.userId,
    submissionId: tracked.id,
    email: true,
    kind: 'item_returned',
    title: 'Our offer was below your reserve',
    body: `${sentence} Tracking number: ${label.trackingNumber}.`,
    emailFacts: [
      { label: 'Our offer', value: formatCents(offered.finalOffer) },
      { label: 'Your reserve', value: formatCents(offered.reserve) },
    ],
  });
  return tracked;
}

/** The 409 for a decline after the 24 h a reserve's acceptance allows. */
export function reserveWindowClosed(submission: Pick<SubmissionRow, 'reserveMetAt'>) {
  const until = submission.reserveMetAt ? formatOfferDeadline(reserveDeclineUntil(submission.reserveMetAt)) : 'already';
  return conflict(reserveMessages.windowClosed(until));
}
