// Accepting an offer and recording its payout (DECISIONS "Payouts"): the acceptance and payout
// workflow, one transaction over submissions, offers, payouts, compliance, ledger, audit and
// notifications. The amount comes from the submission's final offer, never from the browser;
// exactly one payout exists per submission, however many requests race; full bank numbers are
// stored only encrypted.
import {
  type AchDetails,
  type CreateTransactionBody,
  type PayoutChoice,
  centsToDecimalString,
  goodwillOwedCents,
  needsDualApproval,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { encryptJson } from '../../lib/crypto.ts';
import { type Actor, ownedBy } from '../../access/actor.ts';
import { holdPayoutOnSanctionsMatch, paymentBlockers } from '../compliance/index.ts';
import { notificationContent, notify, type PayoutDestination } from '../notifications/index.ts';
import { assertOfferAcceptable, closeCurrentOffer, currentOfferOf, floorJudgementOfVersion } from '../offers/index.ts';
import { lockSubmissionRow, transitionSubmission } from '../submissions/index.ts';
import {
  amountsFor,
  bankDetailsContext,
  payoutMessages,
  queueHandover,
  recordedRailOf,
  recordPayout,
  shownDetails,
  toTransactionDto,
  transactionOfSubmission,
  type TransactionRow,
} from '../payouts/index.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { asLedgerConflict, postOfferAccepted } from '../ledger/index.ts';
import { type AcceptanceContext, settlePaidItems } from './return-declined-items.ts';

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function destinationOf(body: PayoutChoice): PayoutDestination {
  switch (body.payoutMethod) {
    case 'ach':
      return {
        method: 'ach',
        accountName: body.payoutDetails.accountName,
        accountLast4: body.payoutDetails.accountNumber.slice(-4),
      };
    case 'paypal':
      return { method: 'paypal', email: body.payoutDetails.email };
    case 'check':
      return { method: 'check' };
  }
}

/**
 * DECISIONS "Compliance": the first thing that still blocks paying (the seller's ID, the signed
 * statement, an item's police report line, the sanctions check) refuses the acceptance; the browser
 * reads the code and asks for ID or the statement, and shows the sentence otherwise.
 */
export async function refuseWhileBlocked(tx: DbOrTx, request: Parameters<typeof paymentBlockers>[1]) {
  const [first] = await paymentBlockers(tx, request);
  if (!first) return;
  switch (first.kind) {
    case 'id':
      throw new AppError('KYC_REQUIRED', first.message);
    case 'statement':
      throw new AppError('STATEMENT_REQUIRED', first.message);
    case 'report':
      throw new AppError('PURCHASE_RECORD_INCOMPLETE', first.message);
    case 'sanctions':
    case 'hold':
      throw conflict(first.message);
  }
}

/**
 * The client accepts the offer of their own 'offered' submission and says how to be paid. In one
 * database transaction: lock the submission, check it, move it offered -> completed only if it is
 * still offered, record the payout, the audit entry, the notification (+ e-mail) and, for a
 * provider with an API, the job that hands the payout to it.
 */
export async function createTransaction(ctx: AcceptanceContext, actor: Actor, body: CreateTransactionBody) {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const now = ctx.clock.now();
  let recorded: { row: TransactionRow; amountCents: number };
  try {
    recorded = await db.transaction(async (tx) => {
      // Someone else's submission looks exactly like a missing one.
      const submission = ownedBy(actor, await lockSubmissionRow(tx, body.submissionId), 'That submission');
      if (submission.status === 'completed' || (await transactionOfSubmission(tx, submission.id))) {
        throw conflict(payoutMessages.alreadyPaid);
      }
      const grossCents = submission.finalOffer;
      if (submission.status !== 'offered' || grossCents === null || grossCents <= 0) throw conflict(payoutMessages.noOffer);
      // DECISIONS "The honest offer": a lapsed offer is re-issued at today's prices, never accepted.
      const offer = await currentOfferOf(tx, submission.id, true);
      assertOfferAcceptable(offer, now, body.offerVersion);
      // Decision 036: an offer below the guaranteed floor for no measured reason pays the goodwill with it.
      const goodwillCents = offer === null ? 0 : goodwillOwedCents(await floorJudgementOfVersion(tx, submission, offer));
      const { feeCents, amountCents } = amountsFor(grossCents, body.payoutMethod, goodwillCents);
      await refuseWhileBlocked(tx, {
        submissionId: submission.id,
        userId: actor.id,
        amountCents: grossCents,
        buysItems: true,
      });

      // Conditional: of two payouts, or a payout racing a decline, exactly one moves the row.
      const completed = await transitionSubmission(tx, {
        id: submission.id,
        transition: 'acceptAndPay',
        at: now,
        refuse: () => conflict(payoutMessages.alreadyPaid),
      });
      await closeCurrentOffer(tx, submission.id, 'accepted');
      const row = await recordPayout(
        tx,
        {
          id,
          submissionId: submission.id,
          userId: actor.id,
          grossAmount: grossCents,
          feeAmount: feeCents,
          goodwillAmount: goodwillCents,
          amount: amountCents,
          payoutMethod: body.payoutMethod,
          payoutDetails: shownDetails(body),
          encryptedBankDetails:
            body.payoutMethod === 'ach'
              ? encryptJson(ctx.keys.encryptionKey, body.payoutDetails satisfies AchDetails, bankDetailsContext(id))
              : null,
          status: 'pending',
          rail: recordedRailOf(ctx, body.payoutMethod),
          statusChangedAt: now,
          createdAt: now,
          // Four eyes on large payments: no rail takes it until a second admin approves (approvePayout).
          approvalRequired: needsDualApproval(grossCents, ctx.config.dualApprovalAboveCents),
          offerMadeBy: offer?.createdBy ?? null,
        },
        actor.id,
      );
      // A possible sanctions-list match holds the payout (no rail takes it) until an appraiser decides.
      await holdPayoutOnSanctionsMatch(tx, {
        transactionId: id,
        threshold: ctx.config.compliance.sanctionsMatchThreshold,
      });
      await postOfferAccepted(tx, row).catch((error: unknown) => {
        throw asLedgerConflict(error);
      });
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submission.id,
        action: 'payout_requested',
        fromStatus: 'offered',
        toStatus: 'completed',
        changes: {
          transactionId: id,
          payoutMethod: body.payoutMethod,
          amount: centsToDecimalString(row.amount),
          feeAmount: centsToDecimalString(row.feeAmount),
        },
      });
      if (goodwillCents > 0) {
        await writeAuditEntry(tx, {
          actorId: actor.id,
          entityType: 'submission',
          entityId: submission.id,
          action: 'goodwill_added',
          changes: {
            transactionId: id,
            finalOffer: centsToDecimalString(grossCents),
            goodwillAmount: centsToDecimalString(goodwillCents),
            amount: centsToDecimalString(row.amount),
          },
        });
      }
      await notify(tx, {
        userId: actor.id,
        submissionId: submission.id,
        ...notificationContent.payoutRecorded({
          submissionId: submission.id,
          amountCents,
          feeCents,
          destination: destinationOf(body),
          rail: row.rail,
          goodwillCents,
        }),
        email: true,
      });
      // Items the paid version does not price were declined by the seller: they come back now (decision 042).
      if (offer) await settlePaidItems(tx, ctx, completed, offer.id);
      await queueHandover(tx, ctx, row);
      return { row, amountCents };
    });
  } catch (error) {
    // The unique index on transactions.submission_id is the last line of defence.
    if (isUniqueViolation(error)) throw conflict(payoutMessages.alreadyPaid);
    throw error;
  }

  return toTransactionDto(recorded.row);
}
