import {
  isPayoutRail,
  payoutApprovalMessages,
  payoutMethodSchema,
  railPromise,
  readPayoutStateText,
  type Transaction,
} from '@assay/domain';

/**
 * The payout's state in one sentence ("Paid Nov 23 by ACH, reference 0412."), as the seller's
 * submission and the appraiser's history both say it; null for a payout the lifecycle cannot read.
 * A large payout waiting for a second admin says so, plainly (decision 027).
 */
export function payoutStateLine(
  transaction: Pick<
    Transaction,
    'status' | 'rail' | 'payoutMethod' | 'statusChangedAt' | 'reference' | 'statusReason' | 'awaitingApproval'
  >,
): string | null {
  if (transaction.awaitingApproval && transaction.status === 'pending') return payoutApprovalMessages.seller;
  return readPayoutStateText({
    status: transaction.status,
    rail: transaction.rail,
    method: transaction.payoutMethod,
    at: new Date(transaction.statusChangedAt),
    reference: transaction.reference,
    reason: transaction.statusReason,
  });
}

/**
 * What the rail promises while the payout is on its way to being paid ("It goes in our next bank
 * transfer file..."), never more than the rail does; null once it is paid or needs new details,
 * and for a payout whose rail or method cannot be read.
 */
export function payoutPromiseLine(
  transaction: Pick<Transaction, 'status' | 'rail' | 'payoutMethod' | 'awaitingApproval'>,
): string | null {
  if (transaction.status !== 'pending' && transaction.status !== 'processing') return null;
  // The rail's clock starts once the second admin has approved: promising it sooner would not be true.
  if (transaction.awaitingApproval) return null;
  const method = payoutMethodSchema.safeParse(transaction.payoutMethod);
  return method.success && isPayoutRail(transaction.rail) ? railPromise(transaction.rail, method.data) : null;
}
