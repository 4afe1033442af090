// Payouts to send (DECISIONS "Payouts": recorded as pending, an appraiser marks them sent).
import {
  complianceHoldMessage,
  type AdminPayout,
  customerLabel,
  type PayoutStatus,
  shortId,
  approvalRefusal,
  payoutApprovalMessages,
} from '@assay/domain';
import { personalDataContext, readAddressForReport } from '../../lib/personal-data.ts';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { listTransactionsWithSubmission, type TransactionRow } from './payouts.repository.ts';
import { decimalOrNull } from '../../lib/amounts.ts';
import { toTransactionDto } from './payout-view.ts';

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
