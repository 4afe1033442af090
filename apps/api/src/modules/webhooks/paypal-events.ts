// What a verified PayPal Payouts item event does to the payout it names (its sender_item_id is our
// transaction id): the lifecycle move for the item's state, through movePayout like every move.
// A move the payout cannot make now (the same event again, or an older one arriving late) changes
// nothing: PayPal's deliveries come at least once and in no promised order.
import { canFirePayoutTransition, type PayoutTransitionName } from '@assay/domain';
import type { PayPalItemEvent } from '../../adapters/payouts/paypal/paypal-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findPayout, movePayout } from '../transactions/transactions.service.ts';

const transitionOf: Record<PayPalItemEvent['status'], PayoutTransitionName | null> = {
  processing: null,
  paid: 'confirmPaid',
  failed: 'fail',
  returned: 'markReturned',
  unclaimed: 'markUnclaimed',
};

export type PayPalEventOutcome = 'moved' | 'no-change' | 'unknown-payout';

export async function applyPayPalItemEvent(tx: DbOrTx, event: PayPalItemEvent, at: Date): Promise<PayPalEventOutcome> {
  const transition = transitionOf[event.status];
  const payout = event.senderItemId ? await findPayout(tx, event.senderItemId) : null;
  if (!payout) return 'unknown-payout';
  if (!transition || !canFirePayoutTransition(payout.status, transition) || payout.rail !== 'paypal') return 'no-change';
  await movePayout(tx, payout, {
    transition,
    at,
    rail: 'paypal',
    // PayPal's own transaction id once money moved; its item id otherwise.
    reference: event.transactionId ?? event.payoutItemId,
    reasonCode: event.reasonCode,
    reason: event.reasonCode ? `PayPal: ${event.reasonCode.replaceAll('_', ' ').toLowerCase()}` : null,
    actorId: null,
  });
  return 'moved';
}
