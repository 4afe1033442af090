// Accepting an offer and recording its payout (DECISIONS "Payouts"). The amount comes from the
// submission's final offer, never from the browser; exactly one payout exists per submission,
// however many requests race; full bank numbers are stored only encrypted and never leave again
// except to an appraiser who pays by hand.
import {
  type AchDetails,
  type CreateTransactionBody,
  canPayOut,
  centsToDecimalString,
  dollarsToCents,
  KYC_REQUIRED_MESSAGE,
  payoutAmountCents,
  payoutFeeCents,
  type PayoutMethod,
  requiresKyc,
  type AdminPayout,
  type AdminPayoutStatus,
  customerLabel,
  shortId,
  type ShownPayoutDetails,
} from '@assay/domain';
import type { PayoutInstruction } from '../../adapters/payouts/payout-adapter.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { decryptJson, encryptJson } from '../../lib/crypto.ts';
import { type Actor, assertAppraiser, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { isIdentityVerified } from '../kyc/kyc.service.ts';
import { notificationContent, type PayoutDestination } from '../notifications/email-templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertOfferAcceptable, closeCurrentOffer, currentOfferOf } from '../offers/offers.service.ts';
import { transitionSubmission } from '../submissions/submission-status.repository.ts';
import { lockSubmissionRow } from '../submissions/submission-rows.ts';
import { storedAddress } from '../users/users.address.service.ts';
import {
  findTransaction,
  findTransactionOfSubmission,
  insertTransaction,
  listTransactionsOfUser,
  listTransactionsWithSubmission,
  markTransactionSent,
  type TransactionRow,
} from './transactions.repository.ts';
import { writeAuditEntry } from '../audit/audit.repository.ts';

export const payoutMessages = {
  noOffer: 'This submission has no offer to accept.',
  alreadyPaid: 'This submission has already been paid.',
  alreadySent: 'This payout has already been marked as sent.',
  reference: 'Please enter the payment reference from the bank or PayPal (1 to 100 characters).',
  bankDetailsAfterSent: 'This payout has already been sent, so its bank details are no longer shown.',
  noBankDetails: 'Only ACH payouts have bank details; this one is paid by PayPal or check.',
} as const;

const MAX_REFERENCE_LENGTH = 100;

/** The AAD of a transaction's bank details: they only decrypt in their own row. */
export const bankDetailsContext = (transactionId: string) => `transactions.encrypted_bank_details:${transactionId}`;

/** What accepting an offer uses of the app's context; `log` hears a provider's failure, never bank numbers. */
export type PayoutContext = Pick<AppContext, 'db' | 'keys' | 'payouts' | 'clock'> & {
  log: { warn(details: object, message: string): void };
};

/** Bank numbers never leave the server: payoutDetails holds only what may be shown. */
export function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    submissionId: row.submissionId,
    amount: row.amount,
    grossAmount: row.grossAmount,
    feeAmount: row.feeAmount,
    payoutMethod: row.payoutMethod,
    payoutDetails: row.payoutDetails,
    status: row.status,
    reference: row.reference,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
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
function shownDetails(body: CreateTransactionBody): ShownPayoutDetails {
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

function instructionOf(body: CreateTransactionBody): PayoutInstruction {
  switch (body.payoutMethod) {
    case 'ach':
      return { method: 'ach', ...body.payoutDetails };
    case 'paypal':
      return { method: 'paypal', email: body.payoutDetails.email };
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
function amountsFor(grossCents: number, method: PayoutMethod) {
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
 * The client accepts the offer of their own 'offered' submission and says how to be paid. In one
 * database transaction: lock the submission, check it, move it offered -> completed only if it is
 * still offered, record the payout, the audit entry and the notification (+ e-mail). Then, after
 * the commit, hand the payout to the provider.
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
      const grossCents = submission.finalOffer === null ? null : dollarsToCents(submission.finalOffer);
      if (submission.status !== 'offered' || grossCents === null || grossCents <= 0) throw conflict(payoutMessages.noOffer);
      // DECISIONS "The honest offer": a lapsed offer is re-issued at today's prices, never accepted.
      assertOfferAcceptable(await currentOfferOf(tx, submission.id, true), now, body.offerVersion);
      const { feeCents, amountCents } = amountsFor(grossCents, body.payoutMethod);
      if (requiresKyc(grossCents, submission.requiresKyc) && !(await isIdentityVerified(tx, actor.id))) {
        throw new AppError('KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
      }

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
        grossAmount: centsToDecimalString(grossCents),
        feeAmount: centsToDecimalString(feeCents),
        amount: centsToDecimalString(amountCents),
        payoutMethod: body.payoutMethod,
        payoutDetails: shownDetails(body),
        encryptedBankDetails:
          body.payoutMethod === 'ach'
            ? encryptJson(ctx.keys.encryptionKey, body.payoutDetails satisfies AchDetails, bankDetailsContext(id))
            : null,
        status: 'pending',
        createdAt: now,
      });
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submission.id,
        action: 'payout_requested',
        fromStatus: 'offered',
        toStatus: 'completed',
        changes: { transactionId: id, payoutMethod: body.payoutMethod, amount: row.amount, feeAmount: row.feeAmount },
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
      return { row, amountCents };
    });
  } catch (error) {
    // The unique index on transactions.submission_id is the last line of defence.
    if (isUniqueViolation(error)) throw conflict(payoutMessages.alreadyPaid);
    throw error;
  }

  // Money moves only for a payout that is committed. A provider failure leaves it pending for an
  // appraiser; the client's request has succeeded either way.
  let row = recorded.row;
  try {
    const result = await ctx.payouts.initiate({
      transactionId: id,
      submissionId: row.submissionId,
      userId: actor.id,
      amountCents: recorded.amountCents,
      method: body.payoutMethod,
      instruction: instructionOf(body),
    });
    if (result.status === 'sent' && result.reference) {
      row = (await recordPayoutSent(db, row, result.reference.slice(0, MAX_REFERENCE_LENGTH), null)) ?? row;
    }
  } catch (error) {
    ctx.log.warn(
      { transactionId: id, provider: ctx.payouts.provider, error: error instanceof Error ? error.name : 'unknown' },
      'the payout provider failed; the payout stays pending for an appraiser',
    );
  }
  return toTransactionDto(row);
}

/** pending -> sent with its reference, its audit entry and the client's notification. */
async function recordPayoutSent(db: Db, transaction: TransactionRow, reference: string, actorId: string | null) {
  return db.transaction(async (tx) => {
    const sent = await markTransactionSent(tx, transaction.id, reference, new Date());
    if (!sent) return null;
    await writeAuditEntry(tx, {
      actorId,
      entityType: 'transaction',
      entityId: sent.id,
      action: 'payout_sent',
      fromStatus: 'pending',
      toStatus: 'sent',
      changes: { reference, submissionId: sent.submissionId },
    });
    const amountCents = dollarsToCents(sent.amount) ?? 0;
    await notify(tx, {
      userId: sent.userId,
      submissionId: sent.submissionId,
      ...notificationContent.payoutSent({
        submissionId: sent.submissionId,
        amountCents,
        method: sent.payoutMethod as PayoutMethod,
        reference,
      }),
      email: true,
    });
    return sent;
  });
}

/**
 * An appraiser has paid by hand and records the bank or PayPal reference (the route comes with the
 * admin mailbox). Only pending payouts can be marked; the client is told.
 */
export async function markPayoutSent(
  { db }: AppContext,
  admin: Actor,
  { transactionId, reference }: { transactionId: string; reference: string },
) {
  assertAppraiser(admin);
  const cleanReference = typeof reference === 'string' ? reference.replace(/\s+/g, ' ').trim() : '';
  if (cleanReference.length === 0 || cleanReference.length > MAX_REFERENCE_LENGTH) throw badRequest(payoutMessages.reference);
  const transaction = await findTransaction(db, transactionId);
  if (!transaction) throw notFound('That payout');
  const sent = await recordPayoutSent(db, transaction, cleanReference, admin.id);
  if (!sent) throw conflict(payoutMessages.alreadySent);
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
  { db }: AppContext,
  admin: Actor,
  query: { status: AdminPayoutStatus; limit: number },
): Promise<AdminPayout[]> {
  assertAppraiser(admin);
  const rows = await listTransactionsWithSubmission(db, query.status, query.limit);
  return rows.map(({ transaction, submission, shippingAddress }) => ({
    ...toTransactionDto(transaction),
    submission: { ...submission, shortId: shortId(submission.id) },
    customerLabel: customerLabel(transaction.userId),
    mailTo: transaction.payoutMethod === 'check' ? storedAddress(shippingAddress) : null,
  }));
}
