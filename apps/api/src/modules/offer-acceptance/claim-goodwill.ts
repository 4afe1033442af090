// Claiming the goodwill of a declined offer (decision 036 "Later"): an offer below the guaranteed
// floor for a reason the measured facts do not explain owes the seller the published goodwill
// whether they accept or decline. Accepted, it is paid with the offer (accept-offer-and-pay.ts);
// declined, the seller claims it here and it becomes the submission's one payout, through the same
// rails, the same compliance gate and the same ledger. Once per submission: the unique index on
// transactions.submission_id, so of two racing claims one wins and the other hears 409.
import { type AchDetails, centsToDecimalString, goodwillOwedCents, type PayoutChoice } from '@assay/domain';
import { conflict } from '../../lib/app-error.ts';
import { encryptJson } from '../../lib/crypto.ts';
import { type Actor, ownedBy } from '../../access/actor.ts';
import { holdPayoutOnSanctionsMatch } from '../compliance/index.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { currentOfferOf, floorJudgementOfVersion } from '../offers/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import {
  bankDetailsContext,
  type PayoutContext,
  queueHandover,
  recordedRailOf,
  recordPayout,
  shownDetails,
  toTransactionDto,
  transactionOfSubmission,
} from '../payouts/index.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { asLedgerConflict, postGoodwillOwed } from '../ledger/index.ts';
import { destinationOf, isUniqueViolation, refuseWhileBlocked } from './accept-offer-and-pay.ts';

export const goodwillMessages = {
  alreadyClaimed: 'You have already claimed the goodwill for this submission; it is on its payout.',
  paidWithOffer: 'This offer was accepted, so any goodwill owed was paid with it.',
  notDeclined:
    'The goodwill of a declined offer can be claimed once you have declined it; if you accept, it is paid with the offer.',
  notOwed: 'No goodwill is owed: the offer met the guaranteed floor, or what we measured explains it.',
} as const;

/** The seller claims the goodwill of their own declined offer and says how to be paid. */
export async function claimGoodwill(ctx: PayoutContext, actor: Actor, submissionId: string, choice: PayoutChoice) {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const now = ctx.clock.now();
  try {
    const row = await db.transaction(async (tx) => {
      // Someone else's submission looks exactly like a missing one.
      const submission = ownedBy(actor, await lockSubmissionRow(tx, submissionId), 'That submission');
      if (await transactionOfSubmission(tx, submission.id)) {
        throw conflict(submission.status === 'completed' ? goodwillMessages.paidWithOffer : goodwillMessages.alreadyClaimed);
      }
      if (submission.status === 'completed') throw conflict(goodwillMessages.paidWithOffer);
      if (submission.status !== 'returning' && submission.status !== 'returned') throw conflict(goodwillMessages.notDeclined);
      // The declined offer is the submission's last version; the judgement is the one its page shows.
      const offer = await currentOfferOf(tx, submission.id);
      const goodwillCents =
        offer === null || offer.status !== 'declined'
          ? 0
          : goodwillOwedCents(await floorJudgementOfVersion(tx, submission, offer));
      if (goodwillCents <= 0) throw conflict(goodwillMessages.notOwed);
      // The goodwill buys nothing: the declined items come back, so no police report line is due.
      await refuseWhileBlocked(tx, {
        submissionId: submission.id,
        userId: actor.id,
        amountCents: goodwillCents,
        buysItems: false,
      });

      const recorded = await recordPayout(
        tx,
        {
          id,
          submissionId: submission.id,
          userId: actor.id,
          grossAmount: 0,
          feeAmount: 0,
          goodwillAmount: goodwillCents,
          amount: goodwillCents,
          payoutMethod: choice.payoutMethod,
          payoutDetails: shownDetails(choice),
          encryptedBankDetails:
            choice.payoutMethod === 'ach'
              ? encryptJson(ctx.keys.encryptionKey, choice.payoutDetails satisfies AchDetails, bankDetailsContext(id))
              : null,
          status: 'pending',
          rail: recordedRailOf(ctx, choice.payoutMethod),
          statusChangedAt: now,
          createdAt: now,
          // A published, small amount: never above the four-eyes threshold's purpose.
          approvalRequired: false,
          offerMadeBy: null,
        },
        actor.id,
      );
      await holdPayoutOnSanctionsMatch(tx, {
        transactionId: id,
        threshold: ctx.config.compliance.sanctionsMatchThreshold,
      });
      await postGoodwillOwed(tx, recorded).catch((error: unknown) => {
        throw asLedgerConflict(error);
      });
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submission.id,
        action: 'goodwill_claimed',
        changes: {
          transactionId: id,
          payoutMethod: choice.payoutMethod,
          goodwillAmount: centsToDecimalString(goodwillCents),
          amount: centsToDecimalString(recorded.amount),
        },
      });
      await notify(tx, {
        userId: actor.id,
        submissionId: submission.id,
        ...notificationContent.payoutRecorded({
          submissionId: submission.id,
          amountCents: goodwillCents,
          feeCents: 0,
          destination: destinationOf(choice),
          rail: recorded.rail,
          goodwillCents,
        }),
        email: true,
      });
      await queueHandover(tx, ctx, recorded);
      return recorded;
    });
    return toTransactionDto(row);
  } catch (error) {
    // The unique index on transactions.submission_id is the last line of defence.
    if (isUniqueViolation(error)) throw conflict(goodwillMessages.alreadyClaimed);
    throw error;
  }
}
