// The manual rail's "paid": an appraiser records the provider's confirmation that the money reached
// the seller (decision 034). Marking a payout sent by hand only puts it on its way.
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { lockTransaction } from './payouts.repository.ts';
import { LedgerConflict } from '../ledger/index.ts';
import { cleanPaymentReference, payoutMessages, toTransactionDto } from './payout-view.ts';
import { movePayout } from './move-payout.ts';

/**
 * Confirms a payout an appraiser sent by hand as paid, with the provider's own reference for it
 * (the PayPal transaction id PayPal shows as completed, the bank's reference of the transfer), which
 * the seller then reads beside "Paid". Only a manual payout on its way: every other rail confirms
 * its own payouts (PayPal's SUCCESS, the ACH file's settlement, the check register), and a payout
 * not yet sent must be marked sent first. The seller is told (movePayout's e-mail).
 */
export async function confirmManualPayout(
  { db }: Pick<AppContext, 'db'>,
  admin: Actor,
  { transactionId, confirmation }: { transactionId: string; confirmation: string },
) {
  assertAppraiser(admin);
  const reference = cleanPaymentReference(confirmation);
  if (!reference) throw badRequest(payoutMessages.confirmation);
  const paid = await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, transactionId);
    if (!transaction) throw notFound('That payout');
    if (transaction.status === 'paid') throw conflict(payoutMessages.alreadyConfirmed);
    if (transaction.status !== 'processing' || transaction.rail !== 'manual') {
      throw conflict(payoutMessages.notSentByHand(transaction.rail));
    }
    return movePayout(tx, transaction, {
      transition: 'confirmPaid',
      at: new Date(),
      reference,
      actorId: admin.id,
    }).catch((error: unknown) => {
      // The gate's refusal means someone confirmed it (or the rail moved it) first.
      const gateRefused = error instanceof AppError && error.code === 'CONFLICT' && !(error instanceof LedgerConflict);
      throw gateRefused ? conflict(payoutMessages.alreadyConfirmed) : error;
    });
  });
  return toTransactionDto(paid);
}
