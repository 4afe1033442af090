// A payout as the rest of the app sees it: the sentences its refusals say, the DTO that never
// carries bank numbers, the AAD of its bank details, and the finders other modules use.
import { centsToDecimalString, awaitsApproval } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { findTransaction, findTransactionOfSubmission, listPayoutStates, type TransactionRow } from './payouts.repository.ts';

export const payoutMessages = {
  noOffer: 'This submission has no offer to accept.',
  alreadyPaid: 'This submission has already been paid.',
  alreadySent: 'This payout has already been marked as sent.',
  reference: 'Please enter the payment reference from the bank or PayPal (1 to 100 characters).',
  confirmation:
    "Please enter the provider's confirmation: the PayPal transaction id or the bank's reference (1 to 100 characters).",
  alreadyConfirmed: 'This payout is already confirmed as paid.',
  notSentByHand: (rail: string) =>
    rail === 'manual'
      ? 'Only a payout marked as sent can be confirmed as paid; mark it sent first.'
      : `This payout is carried by ${rail === 'ach-file' ? 'an ACH file' : rail === 'paypal' ? 'PayPal Payouts' : 'the check register'}, so that rail confirms it, not a person.`,
  bankDetailsAfterSent: 'This payout has already been sent, so its bank details are no longer shown.',
  noBankDetails: 'Only ACH payouts have bank details; this one is paid by PayPal or check.',
  onItsWay: (rail: string) =>
    `This payout is already on its way (${rail === 'ach-file' ? 'in an ACH file' : rail === 'paypal' ? 'with PayPal' : rail === 'check' ? 'as a mailed check' : 'sent'}); it is marked paid when that rail confirms it.`,
  providerTakingIt:
    'PayPal Payouts is sending this payout, so it cannot be paid by hand; if PayPal cannot take it, it says so in the history and it can then be paid by hand.',
};

export const MAX_REFERENCE_LENGTH = 100;

/** A reference as a person typed it, on one line; null when it is empty or too long. */
export function cleanPaymentReference(reference: unknown): string | null {
  const clean = typeof reference === 'string' ? reference.replace(/\s+/g, ' ').trim() : '';
  return clean.length === 0 || clean.length > MAX_REFERENCE_LENGTH ? null : clean;
}

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
    goodwillAmount: centsToDecimalString(row.goodwillAmount),
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
