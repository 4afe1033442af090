// When an offer of some of the parcel's items is paid (decision 042), those items are bought and
// the others, declined by the seller, come back in one insured parcel, in the same transaction.
import { dollarsToCents, lineItemPosition, qualifiesForFreeReturn } from '@assay/domain';
import type { AppContext } from '../../context.ts';
import type { PayoutContext } from '../payouts/index.ts';

/** What accepting an offer needs: the payout's context, and the carrier and storage for a return label. */
export type AcceptanceContext = PayoutContext & Pick<AppContext, 'carrier' | 'storage'>;
import type { DbOrTx } from '../../db/client.ts';
import { decimalOrNull } from '../../lib/amounts.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { shipReturn } from '../decline-and-return/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { linesOfOffer, offerHistoryOf } from '../offers/index.ts';
import { addressRequired, toLabelDto } from '../shipping-labels/index.ts';
import { listItemsOfSubmission, settleItems, type SubmissionRow } from '../submissions/index.ts';
import { shippingAddressOf } from '../users/index.ts';

/**
 * Settles the items of `completed` (just paid on the offer `offerId`): the items it priced are
 * sold; any other item still unsettled comes back. Answers the return label, or null.
 */
export async function settlePaidItems(tx: DbOrTx, ctx: AcceptanceContext, completed: SubmissionRow, offerId: string) {
  const items = await listItemsOfSubmission(tx, completed.id);
  const paid = new Set((await linesOfOffer(tx, offerId)).map((line) => lineItemPosition({ item: line.itemPosition })));
  const open = items.filter((item) => item.outcome === null);
  const sold = open.filter((item) => paid.has(item.position));
  const back = open.filter((item) => !paid.has(item.position));
  await settleItems(
    tx,
    completed.id,
    'sold',
    sold.map((item) => item.id),
  );
  if (back.length === 0) return null;

  const clientAddress = await shippingAddressOf(tx, ctx.keys.decryptionKeys, completed.userId);
  if (!clientAddress) throw addressRequired();
  const freeReturn = await wholeOfferQualifiesForFreeReturn(tx, ctx, completed, items.length);
  const { label } = await shipReturn(tx, ctx, {
    declined: completed,
    clientAddress,
    freeReturn,
    items: back,
    changedMessage: 'This submission changed while it was paid. Please reload and try again.',
  });
  await writeAuditEntry(tx, {
    actorId: completed.userId,
    entityType: 'submission',
    entityId: completed.id,
    action: 'items_returned',
    changes: {
      declinedItems: back.length,
      freeReturn,
      returnLabelId: label.id,
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      insuredValue: toLabelDto(label).insuredValue,
    },
  });
  await notify(tx, {
    userId: completed.userId,
    submissionId: completed.id,
    email: true,
    ...notificationContent.itemReturned({
      submissionId: completed.id,
      freeReturn,
      trackingNumber: label.trackingNumber,
      declinedItems: back.length,
    }),
  });
  return label;
}

/**
 * The free return is judged per parcel, on the whole offer (free-return.ts): the newest version
 * that priced every item, against the parcel's quote, as if the seller had declined it all.
 */
async function wholeOfferQualifiesForFreeReturn(tx: DbOrTx, ctx: AcceptanceContext, row: SubmissionRow, itemCount: number) {
  const { offer, previousOffers } = await offerHistoryOf(tx, row.id, ctx.clock.now());
  const whole = [offer, ...previousOffers].find(
    (version) => version && new Set(version.lines.map(lineItemPosition)).size >= itemCount,
  );
  const wholeCents = whole ? dollarsToCents(whole.total) : null;
  if (wholeCents === null) return false;
  return qualifiesForFreeReturn(wholeCents, decimalOrNull(row.preliminaryQuoteMin), decimalOrNull(row.preliminaryQuoteMax));
}
