// A failed, returned or unclaimed payout tried again with the seller's new details (DECISIONS
// "Money and parcels on real rails"; issue 12 item 1). The same transaction row goes back to
// pending through the status gate, so a second payout for the submission never exists, and of two
// retries racing exactly one moves it.
import { type AchDetails, needsNewPayoutDetails, type PayoutChoice, type PayoutStatus } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { type Actor, ownedBy } from '../../access/actor.ts';
import { transactions } from '../../db/schema/index.ts';
import { conflict } from '../../lib/app-error.ts';
import { holdPayoutOnSanctionsMatch } from '../compliance/index.ts';
import { encryptJson } from '../../lib/crypto.ts';
import { amountsFor, shownDetails } from './payout-choice.ts';
import { bankDetailsContext, type PayoutContext, toTransactionDto } from './payout-view.ts';
import { movePayout, queueHandover, recordedRailOf } from './move-payout.ts';

const notRetryableReasons: Partial<Record<PayoutStatus, string>> = {
  pending: 'it is waiting to be sent',
  processing: 'it is on its way',
  paid: 'it has been paid',
};

/** Why a payout cannot take new details now, as the seller reads it. */
export function notRetryableMessage(status: string): string {
  const why = notRetryableReasons[status as PayoutStatus] ?? `its status is "${status}"`;
  return `This payout does not need new details: ${why}.`;
}

/**
 * The seller gives new details for their own payout that failed, came back or was not claimed. In
 * one database transaction: lock the payout, check it still needs new details, work out the fee and
 * amount for the new method, and move it retry -> pending with the new shown details and freshly
 * encrypted bank numbers (same row, same encryption context), and queue its hand-over to a provider
 * with an API as a new payout does.
 */
export async function retryPayout(
  ctx: PayoutContext,
  actor: Actor,
  { transactionId, choice }: { transactionId: string; choice: PayoutChoice },
) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const retried = await db.transaction(async (tx) => {
    // Locked before the status is read, so a second retry waits and then finds it pending.
    const [locked] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
    // Someone else's payout, an appraiser's included, looks exactly like a missing one.
    const current = ownedBy(actor, locked, 'That payout');
    if (!needsNewPayoutDetails(current.status)) throw conflict(notRetryableMessage(current.status));
    const grossCents = current.grossAmount;
    const { feeCents, amountCents } = amountsFor(grossCents, choice.payoutMethod, current.goodwillAmount);
    const row = await movePayout(tx, current, {
      transition: 'retry',
      at: now,
      rail: recordedRailOf(ctx, choice.payoutMethod),
      actorId: actor.id,
      changes: {
        payoutMethod: choice.payoutMethod,
        payoutDetails: shownDetails(choice),
        // A new ciphertext in the row's own context; the old numbers are gone with it.
        encryptedBankDetails:
          choice.payoutMethod === 'ach'
            ? encryptJson(ctx.keys.encryptionKey, choice.payoutDetails satisfies AchDetails, bankDetailsContext(current.id))
            : null,
        feeAmount: feeCents,
        amount: amountCents,
      },
    });
    // New details may carry a new name (an ACH account holder's): screened before any rail takes it.
    await holdPayoutOnSanctionsMatch(tx, {
      transactionId: row.id,
      threshold: ctx.config.compliance.sanctionsMatchThreshold,
    });
    await queueHandover(tx, ctx, row);
    return row;
  });
  return toTransactionDto(retried);
}
