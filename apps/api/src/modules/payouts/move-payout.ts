// A payout's moves after it is recorded: the rail it is recorded on, the hand-over job, and every
// later move through the gate with its ledger posting, audit entry and notification.
import {
  type PayoutMethod,
  type PayoutRail,
  type PayoutStatus,
  payoutRailsFor,
  payoutTransitions,
  awaitsApproval,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { notificationContent, notify } from '../notifications/index.ts';
import { lockTransaction, type TransactionRow } from './payouts.repository.ts';
import { type PayoutTransitionRequest, transitionPayout } from './payout-status.repository.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { asLedgerConflict, postPayoutMove } from '../ledger/index.ts';
import type { PayoutContext } from './payout-view.ts';

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
        rail: moved.rail,
        reference: moved.reference ?? '',
      }),
      email: true,
    });
  }
  return moved;
}
