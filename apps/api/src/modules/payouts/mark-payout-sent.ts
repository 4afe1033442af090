// An appraiser who paid by hand records the reference: the payout is on its way, not yet paid
// (decision 034; confirm-manual-payout.ts records the provider's confirmation).
import { complianceHoldMessage, awaitsApproval, payoutApprovalMessages } from '@assay/domain';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { lockTransaction } from './payouts.repository.ts';
import { handoverGaveUp } from './payout-handover-record.ts';
import { LedgerConflict } from '../ledger/index.ts';
import { cleanPaymentReference, payoutMessages, toTransactionDto } from './payout-view.ts';
import { movePayout } from './move-payout.ts';

/**
 * An appraiser has paid by hand and records the bank or PayPal reference (the route comes with the
 * admin mailbox). Only a payout waiting to be sent can be marked, and not one a provider is taking
 * (its hand-over job runs until it succeeds or gives up, and paying it by hand as well would pay
 * it twice). The payout moves to the manual rail's "on its way": nothing from the provider says
 * yet that the money arrived, so the seller is not told "paid" until that is recorded.
 */
export async function markPayoutSent(
  { db, payouts }: Pick<AppContext, 'db' | 'payouts'>,
  admin: Actor,
  { transactionId, reference }: { transactionId: string; reference: string },
) {
  assertAppraiser(admin);
  const cleanReference = cleanPaymentReference(reference);
  if (!cleanReference) throw badRequest(payoutMessages.reference);
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
      transition: 'handToRail',
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
