// The appraiser's "return" command: the item goes back to the client, on a label Assay pays for
// (DECISIONS "Returning").
import { adminMessages, returnInsuredValueCents } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { createLabelInTransaction } from '../shipping-labels/index.ts';
import {
  settleItems,
  type SubmissionChanges,
  type SubmissionRow,
  transitionSubmission,
  updateSubmissionIf,
} from '../submissions/index.ts';
import { shippingAddressOf } from '../users/index.ts';
import { decimalOrNull } from '../../lib/amounts.ts';
import { loadForChange, submissionAudit } from './submission-change.ts';

/**
 * A return label from Assay to the client, paid by Assay (the appraiser chose to send it back),
 * for an item that is with us. Null when there is nothing to ship (never received), or no address
 * or value to put on a label: the return still happens and the appraiser arranges the shipping.
 */
async function returnLabelFor(tx: DbOrTx, ctx: AppContext, before: SubmissionRow, returned: SubmissionRow) {
  const withUs = before.status === 'appraising' || before.status === 'offered';
  if (!withUs) return null;
  const address = await shippingAddressOf(tx, ctx.keys.decryptionKeys, returned.userId);
  // Insured as it came in (issue 27 item 1): its declared worth, not only the quote's top.
  const insuredValueCents = returnInsuredValueCents({
    declaredValueCents: returned.declaredValue,
    preliminaryQuoteMax: decimalOrNull(returned.preliminaryQuoteMax),
    finalOffer: decimalOrNull(returned.finalOffer),
    limitCents: ctx.config.insuredLimitCents,
  });
  if (!address || insuredValueCents === null) return null;
  return createLabelInTransaction(
    tx,
    ctx.carrier,
    ctx.keys.encryptionKey,
    {
      direction: 'return',
      submission: returned,
      sender: ctx.config.receivingLabelAddress,
      receiver: address,
      insuredValueCents,
      freeReturn: true,
    },
    ctx.storage,
  );
}

/**
 * appraising | offered -> returning: the item Assay holds is shipped back (DECISIONS "Returning"),
 * its return label's tracking number kept on the submission until it is delivered. A submission
 * whose parcel never came (new) is closed straight to returned: there is nothing to ship.
 */
export async function returnIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  options: { reason?: string; version?: number },
) {
  const transition = row.status === 'new' ? 'closeUnreceived' : 'return';
  let updated = await transitionSubmission(tx, { id: row.id, transition, version: options.version, changes: extra });
  // The whole parcel goes back (or never came): none of its items is bought.
  await settleItems(tx, row.id, 'returned');
  const label = await returnLabelFor(tx, ctx, row, updated);
  if (label) {
    const tracked = await updateSubmissionIf(
      tx,
      updated.id,
      { status: updated.status, version: updated.version },
      { returnTrackingNumber: label.trackingNumber },
    );
    if (!tracked) throw conflict(adminMessages.staleVersion);
    updated = tracked;
  }
  const changes = {
    ...(options.reason ? { reason: options.reason } : {}),
    ...(label ? { returnLabelId: label.id, trackingNumber: label.trackingNumber, carrier: label.carrier } : {}),
  };
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: row.status === 'new' ? 'closed' : 'returned',
    fromStatus: row.status,
    toStatus: updated.status,
    changes: Object.keys(changes).length > 0 ? changes : null,
  });
  const content =
    row.status === 'new'
      ? notificationContent.submissionClosed({ submissionId: row.id })
      : notificationContent.itemReturned({
          submissionId: row.id,
          freeReturn: label ? true : null,
          trackingNumber: label?.trackingNumber,
        });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...content,
    body: options.reason ? `${content.body} A note from our appraiser: ${options.reason}` : content.body,
  });
  return updated;
}

export async function returnSubmission(ctx: AppContext, actor: Actor, { id, reason }: { id: string; reason?: string }) {
  assertAppraiser(actor);
  return ctx.db.transaction(async (tx) => returnIn(tx, ctx, actor, await loadForChange(tx, id), {}, { reason }));
}
