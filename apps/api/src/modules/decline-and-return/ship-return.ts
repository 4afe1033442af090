// The way back of a declined submission, for both ways a decline happens (the seller's, and an
// offer below the seller's reserve): the return label, insured as the parcel came in (issue 27
// item 1), and its tracking number on the submission.
import { centsToDecimalString, returnInsuredValueCents, type ShippingAddress } from '@assay/domain';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { decimalOrNull } from '../../lib/amounts.ts';
import { createLabelInTransaction } from '../shipping-labels/index.ts';
import { settleItems, type SubmissionItemRow, type SubmissionRow, updateSubmissionIf } from '../submissions/index.ts';

/**
 * Makes the return label of `declined` (just moved to returning) to `clientAddress` and records
 * its tracking number. `changedMessage` is the 409 when the row moved meanwhile.
 */
export async function shipReturn(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'carrier' | 'keys' | 'storage' | 'config'>,
  input: {
    declined: SubmissionRow;
    clientAddress: ShippingAddress;
    freeReturn: boolean;
    changedMessage: string;
    /**
     * The items in the parcel when only some come back (the seller kept the others, decision 042):
     * it is insured for their worth. Absent: the whole parcel comes back.
     */
    items?: readonly SubmissionItemRow[];
  },
) {
  const { declined, clientAddress, freeReturn, items } = input;
  const sum = (pick: (item: SubmissionItemRow) => number) => (items ?? []).reduce((total, item) => total + pick(item), 0);
  const insuredValueCents = returnInsuredValueCents(
    items
      ? {
          declaredValueCents: sum((item) => item.declaredValue),
          preliminaryQuoteMax: centsToDecimalString(sum((item) => item.preliminaryQuoteMax)),
          finalOffer: null,
          limitCents: ctx.config.insuredLimitCents,
        }
      : {
          declaredValueCents: declined.declaredValue,
          preliminaryQuoteMax: decimalOrNull(declined.preliminaryQuoteMax),
          finalOffer: decimalOrNull(declined.finalOffer),
          limitCents: ctx.config.insuredLimitCents,
        },
  );
  if (insuredValueCents === null) {
    // An offered submission always has a positive offer; refuse (and roll back) rather than ship uninsured.
    throw conflict('This submission has no offer amount to insure the return for. Please contact support.');
  }
  const label = await createLabelInTransaction(
    tx,
    ctx.carrier,
    ctx.keys.encryptionKey,
    {
      direction: 'return',
      submission: declined,
      sender: ctx.config.receivingLabelAddress,
      receiver: clientAddress,
      insuredValueCents,
      freeReturn,
    },
    ctx.storage,
  );
  // A return label exists only once the submission is returned, which happens once.
  if (!label) throw conflict('This submission already has a return label. Please contact support.');
  // The seller's card shows where the parcel is while it is returning.
  const tracked = await updateSubmissionIf(
    tx,
    declined.id,
    { status: declined.status, version: declined.version },
    { returnTrackingNumber: label.trackingNumber },
  );
  if (!tracked) throw conflict(input.changedMessage);
  // What is in the parcel is settled: those items (every one still unsettled, for a whole return) come back.
  await settleItems(
    tx,
    declined.id,
    'returned',
    items?.map((item) => item.id),
  );
  return { label, tracked };
}
