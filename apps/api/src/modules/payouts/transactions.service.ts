// Accepting an offer and recording its payout (DECISIONS "Payouts"). The amount comes from the
// submission's final offer, never from the browser; exactly one payout exists per submission,
// however many requests race; full bank numbers are stored only encrypted and never leave again
// except to an appraiser who pays by hand.
import {
  type AchDetails,
  type CreateTransactionBody,
  type PayoutChoice,
  canPayOut,
  complianceHoldMessage,
  centsToDecimalString,
  payoutAmountCents,
  payoutFeeCents,
  type PayoutMethod,
  type AdminPayout,
  customerLabel,
  type PayoutRail,
  type PayoutStatus,
  payoutRailsFor,
  payoutTransitions,
  shortId,
  type ShownPayoutDetails,
  approvalRefusal,
  awaitsApproval,
  needsDualApproval,
  payoutApprovalMessages,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { decryptJson, encryptJson } from '../../lib/crypto.ts';
import { personalDataContext, readAddressForReport } from '../../lib/personal-data.ts';
import { type Actor, assertAppraiser, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { holdPayoutOnSanctionsMatch, paymentBlockers } from '../compliance/index.ts';
import { notificationContent, notify, type PayoutDestination } from '../notifications/index.ts';
import { assertOfferAcceptable, closeCurrentOffer, currentOfferOf } from '../offers/index.ts';
import { lockSubmissionRow, transitionSubmission } from '../submissions/index.ts';
import {
  findTransaction,
  findTransactionOfSubmission,
  insertTransaction,
  listPayoutStates,
  lockTransaction,
  listTransactionsOfUser,
  listTransactionsWithSubmission,
  type TransactionRow,
} from './payouts.repository.ts';
import { type PayoutTransitionRequest, recordNewPayout, transitionPayout } from './payout-status.repository.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { handoverGaveUp } from './payout-handover-record.ts';
import { asLedgerConflict, LedgerConflict, postOfferAccepted, postPayoutMove } from '../ledger/index.ts';
import { decimalOrNull } from '../../lib/amounts.ts';

export const payoutMessages = {
  noOffer: 'This submission has no offer to accept.',
  alreadyPaid: 'This submission has already been paid.',
  alreadySent: 'This payout has already been marked as sent.',
  reference: 'Please enter the payment reference from the bank or PayPal (1 to 100 characters).',
  bankDetailsAfterSent: 'This payout has already been sent, so its bank details are no longer shown.',
  noBankDetails: 'Only ACH payouts have bank details; this one is paid by PayPal or check.',
  onItsWay: (rail: string) =>
    `This payout is already on its way (${rail === 'ach-file' ? 'in an ACH file' : rail === 'paypal' ? 'with PayPal' : rail === 'check' ? 'as a mailed check' : 'sent'}); it is marked paid when that rail confirms it.`,
  providerTakingIt:
    'PayPal Payouts is sending this payout, so it cannot be paid by hand; if PayPal cannot take it, it says so in the history and it can then be paid by hand.',
};

export const MAX_REFERENCE_LENGTH = 100;

/** The AAD of a transaction's bank details: they only decrypt in their own row. */
export const bankDetailsContext = (transactionId: string) => `transactions.encrypted_bank_details:${transactionId}`;

/** What accepting an offer or retrying a payout uses of the app's context. */
export type PayoutContext = Pick<AppContext, 'db' | 'keys' | 'payouts' | 'clock' | 'config'>;

/** Bank numbers never leave the server: payoutDetails holds only what may be shown. */
export function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    submissionId: row.submissionId,
    amount: centsToDecimalString(row.amount),
    grossAmount: centsToDecimalString(row.grossAmount),
    feeAmount: centsToDecimalString(row.feeAmount),
    payoutMethod: row.payoutMethod,
    payoutDetails: row.payoutDetails,
    status: row.status,
    rail: row.rail,
    reference: row.reference,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt.toISOString(),
    attempt: row.attempt,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    awaitingApproval: awaitsApproval(row),
  };
}

/** For other modules (the webhook inbox): a payout by its id. */
export function findPayout(db: DbOrTx, id: string) {
  return findTransaction(db, id);
}

/** For the ledger's reconciliation: every payout's status, rail and amount. */
export function payoutStates(db: DbOrTx) {
  return listPayoutStates(db);
}

/** For other modules' answers: the payout of a submission, if it has one. */
export function transactionOfSubmission(db: DbOrTx, submissionId: string) {
  return findTransactionOfSubmission(db, submissionId);
}

export async function listTransactions({ db }: AppContext, viewer: Actor) {
  const rows = await listTransactionsOfUser(db, viewer.id);
  return rows.map(toTransactionDto);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What the transactions table may show: the holder's name and last 4 digits; the PayPal e-mail. */
export function shownDetails(body: PayoutChoice): ShownPayoutDetails {
  switch (body.payoutMethod) {
    case 'ach':
      return {
        accountName: body.payoutDetails.accountName,
        accountLast4: body.payoutDetails.accountNumber.slice(-4),
        routingLast4: body.payoutDetails.routingNumber.slice(-4),
      };
    case 'paypal':
      return { email: body.payoutDetails.email };
    case 'check':
      return { method: 'check' };
  }
}

function destinationOf(body: CreateTransactionBody): PayoutDestination {
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

/** The amount and fee, or a 400 saying why this method cannot pay this offer. */
export function amountsFor(grossCents: number, method: PayoutMethod) {
  if (!canPayOut(grossCents, method)) {
    try {
      payoutAmountCents(grossCents, method);
    } catch (error) {
      if (error instanceof RangeError) throw badRequest(error.message);
    }
    throw badRequest('This offer cannot be paid out with this method; please choose another one.');
  }
  return { feeCents: payoutFeeCents(grossCents, method), amountCents: payoutAmountCents(grossCents, method) };
}

/**
 * DECISIONS "Compliance": the first thing that still blocks paying (the seller's ID, the signed
 * statement, the sanctions check) refuses the acceptance; the browser reads the code and asks for it.
 */
async function refuseWhileBlocked(tx: DbOrTx, request: Parameters<typeof paymentBlockers>[1]) {
  const [first] = await paymentBlockers(tx, request);
  if (!first) return;
  switch (first.kind) {
    case 'id':
      throw new AppError('KYC_REQUIRED', first.message);
    case 'statement':
      throw new AppError('STATEMENT_REQUIRED', first.message);
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
export async function createTransaction(ctx: PayoutContext, actor: Actor, body: CreateTransactionBody) {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const now = ctx.clock.now();
  let recorded: { row: TransactionRow; amountCents: number };
  try {
    recorded = await db.transaction(async (tx) => {
      // Someone else's submission looks exactly like a missing one.
      const submission = ownedBy(actor, await lockSubmissionRow(tx, body.submissionId), 'That submission');
      if (submission.status === 'completed' || (await findTransactionOfSubmission(tx, submission.id))) {
        throw conflict(payoutMessages.alreadyPaid);
      }
      const grossCents = submission.finalOffer;
      if (submission.status !== 'offered' || grossCents === null || grossCents <= 0) throw conflict(payoutMessages.noOffer);
      // DECISIONS "The honest offer": a lapsed offer is re-issued at today's prices, never accepted.
      const offer = await currentOfferOf(tx, submission.id, true);
      assertOfferAcceptable(offer, now, body.offerVersion);
      const { feeCents, amountCents } = amountsFor(grossCents, body.payoutMethod);
      await refuseWhileBlocked(tx, { submissionId: submission.id, userId: actor.id, amountCents: grossCents });

      // Conditional: of two payouts, or a payout racing a decline, exactly one moves the row.
      await transitionSubmission(tx, {
        id: submission.id,
        transition: 'acceptAndPay',
        at: now,
        refuse: () => conflict(payoutMessages.alreadyPaid),
      });
      await closeCurrentOffer(tx, submission.id, 'accepted');
      const row = await insertTransaction(tx, {
        id,
        submissionId: submission.id,
        userId: actor.id,
        grossAmount: grossCents,
        feeAmount: feeCents,
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
      });
      await recordNewPayout(tx, row, actor.id);
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
      await notify(tx, {
        userId: actor.id,
        submissionId: submission.id,
        ...notificationContent.payoutRecorded({
          submissionId: submission.id,
          amountCents,
          feeCents,
          destination: destinationOf(body),
        }),
        email: true,
      });
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

/**
 * The rail a payout is recorded on: the one its seller was promised before choosing
 * (GET /api/business answers the same table), so the sentence after accepting keeps that promise.
 */
export function recordedRailOf(ctx: Pick<PayoutContext, 'payouts'>, method: PayoutMethod): PayoutRail {
  return payoutRailsFor({ paypalApi: ctx.payouts.handles('paypal') })[method];
}

/**
 * Queues the hand-over of a payout attempt to a provider with an API, in the transaction that
 * records the attempt: the job exists exactly when the payout does, and money never moves for a
 * payout that was rolled back (payout-handover.service.ts does the work). A large payout still
 * waiting for its second admin is not queued: the approval queues it (approvePayout).
 */
export async function queueHandover(tx: DbOrTx, ctx: Pick<PayoutContext, 'payouts'>, row: TransactionRow) {
  if (!ctx.payouts.handles(row.payoutMethod)) return;
  if (awaitsApproval(row)) return;
  await enqueue(tx, 'payout-handover', { transactionId: row.id, attempt: row.attempt });
}

/** The seller's timeline entry for each state a payout reaches (audit-actions.ts). */
const payoutAuditActions = {
  processing: 'payout_processing',
  paid: 'payout_sent',
  failed: 'payout_failed',
  returned: 'payout_returned',
  unclaimed: 'payout_unclaimed',
  pending: 'payout_retried',
} as const satisfies Record<PayoutStatus, string>;

/**
 * Moves a payout through the gate, posts what the move means to the ledger, and tells of it: the
 * audit entry on its submission (which the seller's timeline reads, with the rail, reference and
 * reason) and, when it is paid, the seller's notification and e-mail. Inside the caller's
 * transaction: a posting the ledger refuses is a 409 with its sentence, and the caller's rollback
 * undoes the status change with it.
 */
export async function movePayout(
  tx: DbOrTx,
  transaction: TransactionRow,
  // The gate's request, less what movePayout fills in; who moved it must always be said.
  move: Omit<PayoutTransitionRequest, 'id' | 'refuse' | 'actorId'> & { actorId: string | null },
): Promise<TransactionRow> {
  // Read under the lock the gate takes next, so the posting knows where the payout really came from.
  const before = await lockTransaction(tx, transaction.id);
  const moved = await transitionPayout(tx, { id: transaction.id, ...move });
  const from = { status: before!.status, rail: before!.rail };
  await postPayoutMove(tx, { transition: move.transition, before: from, moved, reasonCode: move.reasonCode }).catch(
    (error: unknown) => {
      throw asLedgerConflict(error);
    },
  );
  const to = payoutTransitions[move.transition].to;
  await writeAuditEntry(tx, {
    actorId: move.actorId,
    entityType: 'submission',
    entityId: moved.submissionId,
    action: payoutAuditActions[to],
    fromStatus: null,
    toStatus: null,
    changes: {
      transactionId: moved.id,
      payoutStatus: to,
      payoutRail: moved.rail,
      payoutMethod: moved.payoutMethod,
      ...(moved.reference ? { reference: moved.reference } : {}),
      ...(move.reason ? { reason: move.reason } : {}),
      ...(move.reasonCode ? { reasonCode: move.reasonCode } : {}),
    },
  });
  if (to === 'paid') {
    await notify(tx, {
      userId: moved.userId,
      submissionId: moved.submissionId,
      ...notificationContent.payoutSent({
        submissionId: moved.submissionId,
        amountCents: moved.amount,
        method: moved.payoutMethod,
        reference: moved.reference ?? '',
      }),
      email: true,
    });
  }
  return moved;
}

/**
 * An appraiser has paid by hand and records the bank or PayPal reference (the route comes with the
 * admin mailbox). Only a payout waiting to be sent can be marked, and not one a provider is taking
 * (its hand-over job runs until it succeeds or gives up, and paying it by hand as well would pay
 * it twice); the client is told.
 */
export async function markPayoutSent(
  { db, payouts }: Pick<AppContext, 'db' | 'payouts'>,
  admin: Actor,
  { transactionId, reference }: { transactionId: string; reference: string },
) {
  assertAppraiser(admin);
  const cleanReference = typeof reference === 'string' ? reference.replace(/\s+/g, ' ').trim() : '';
  if (cleanReference.length === 0 || cleanReference.length > MAX_REFERENCE_LENGTH) throw badRequest(payoutMessages.reference);
  const sent = await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, transactionId);
    if (!transaction) throw notFound('That payout');
    if (transaction.status === 'processing') throw conflict(payoutMessages.onItsWay(transaction.rail));
    if (transaction.complianceHold) throw conflict(complianceHoldMessage(transaction.complianceHold));
    if (awaitsApproval(transaction)) throw conflict(payoutApprovalMessages.awaiting);
    if (
      transaction.status === 'pending' &&
      payouts.handles(transaction.payoutMethod) &&
      !(await handoverGaveUp(tx, transaction))
    ) {
      throw conflict(payoutMessages.providerTakingIt);
    }
    return movePayout(tx, transaction, {
      transition: 'confirmPaid',
      at: new Date(),
      // An appraiser who pays by hand is the manual rail, whatever rail it was meant for.
      rail: 'manual',
      reference: cleanReference,
      actorId: admin.id,
    }).catch((error: unknown) => {
      // The gate's refusal means someone marked it first; the ledger's refusal says its own why.
      const gateRefused = error instanceof AppError && error.code === 'CONFLICT' && !(error instanceof LedgerConflict);
      throw gateRefused ? conflict(payoutMessages.alreadySent) : error;
    });
  });
  return toTransactionDto(sent);
}

/**
 * The full bank details, for an appraiser paying an ACH payout by hand. Every look is written to
 * the audit log. Null for PayPal and check payouts, which have no bank numbers. Once the money is
 * sent nobody needs the numbers any more, so they are no longer shown.
 */
export async function revealBankDetails(
  { db, keys }: Pick<AppContext, 'db' | 'keys'>,
  admin: Actor,
  { transactionId }: { transactionId: string },
) {
  assertAppraiser(admin);
  const transaction = await findTransaction(db, transactionId);
  if (!transaction) throw notFound('That payout');
  if (!transaction.encryptedBankDetails) return null;
  if (transaction.status !== 'pending') throw conflict(payoutMessages.bankDetailsAfterSent);
  const details = decryptJson<AchDetails>(
    keys.decryptionKeys,
    transaction.encryptedBankDetails,
    bankDetailsContext(transaction.id),
  );
  await writeAuditEntry(db, {
    actorId: admin.id,
    entityType: 'transaction',
    entityId: transaction.id,
    action: 'bank_details_viewed',
    fromStatus: null,
    toStatus: null,
  });
  return details;
}

// ---------------------------------------------------------------------------------------------
// Payouts to send (DECISIONS "Payouts": recorded as pending, an appraiser marks them sent).

/**
 * The payouts queue: pending oldest first (pay in order), sent most recently sent first; at most
 * `limit` (the query schema caps it at 100: no paging, a longer queue is a backlog to clear).
 * Each payout goes out as its client sees it (toTransactionDto: never bank numbers).
 */
export async function listPayouts(
  { db, keys }: AppContext,
  admin: Actor,
  query: { status: PayoutStatus; limit: number },
): Promise<AdminPayout[]> {
  assertAppraiser(admin);
  const rows = await listTransactionsWithSubmission(db, query.status, query.limit);
  return rows.map(({ transaction, submission, shippingAddress, encryptedStreet }) => ({
    ...toTransactionDto(transaction),
    submission: { ...submission, finalOffer: decimalOrNull(submission.finalOffer), shortId: shortId(submission.id) },
    customerLabel: customerLabel(transaction.userId),
    // A list on screen: a street no key opens reads UNREADABLE instead of failing the queue.
    mailTo:
      transaction.payoutMethod === 'check'
        ? readAddressForReport(
            keys.decryptionKeys,
            shippingAddress,
            encryptedStreet,
            personalDataContext.profileStreet(transaction.userId),
          )
        : null,
    complianceHold: transaction.complianceHold
      ? { hold: transaction.complianceHold, message: complianceHoldMessage(transaction.complianceHold) }
      : null,
    approval: approvalFor(transaction, admin),
  }));
}

/** A large payout's approval as the admin reading the queue sees it: may they approve, and if not, why. */
function approvalFor(transaction: TransactionRow, admin: Actor): AdminPayout['approval'] {
  if (!transaction.approvalRequired) return null;
  const refusal = approvalRefusal(transaction, admin.id);
  return {
    approved: transaction.approvedBy !== null,
    approvedAt: transaction.approvedAt?.toISOString() ?? null,
    mayApprove: refusal === null,
    whyNot: refusal === null ? null : payoutApprovalMessages[refusal],
  };
}
