// The payout status gate: the one place in the server that writes transactions.status. Each write
// fires a named transition of packages/domain (payout-lifecycle.ts), is conditional (the row must
// still have one of the transition's statuses, so of a webhook and an appraiser racing exactly one
// wins), and records the change in payout_events with the rail, its reference, the reason and the
// date. A lint rule (eslint.config.js) refuses a status write anywhere else.
import { type PayoutRail, type PayoutTransitionName, payoutTransitionRefusal, payoutTransitions } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payoutEvents, transactions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { TransactionRow } from './payouts.repository.ts';

/** Columns a move may change besides the lifecycle's own; never the status itself. */
export type PayoutChanges = Partial<
  Pick<TransactionRow, 'payoutMethod' | 'payoutDetails' | 'encryptedBankDetails' | 'feeAmount' | 'amount'>
> & {
  status?: never;
};

export interface PayoutTransitionRequest {
  id: string;
  transition: PayoutTransitionName;
  at: Date;
  /** The rail that moves it from now on; the payout's current rail when not given. */
  rail?: PayoutRail;
  /** The rail's reference (a trace number, a PayPal item id, a check number). */
  reference?: string | null;
  reasonCode?: string | null;
  reason?: string | null;
  actorId?: string | null;
  changes?: PayoutChanges;
  refuse?: (current: TransactionRow | null) => Error;
}

/**
 * Fires a payout transition in one conditional UPDATE and records it. Answers the row as written;
 * throws 404 when the payout is gone and 409 (with the lifecycle's sentence, or the caller's) when
 * its status is not one the transition starts from.
 */
export async function transitionPayout(tx: DbOrTx, request: PayoutTransitionRequest): Promise<TransactionRow> {
  const { from, to } = payoutTransitions[request.transition];
  // Locked first, so the event can name the status it left and two movers take turns.
  const [current] = await tx.select().from(transactions).where(eq(transactions.id, request.id)).for('update');
  const refuse = () => {
    if (request.refuse) return request.refuse(current ?? null);
    if (!current) return notFound('That payout');
    return conflict(payoutTransitionRefusal(current.status, request.transition));
  };
  if (!current || !(from as readonly string[]).includes(current.status)) throw refuse();
  const retry = request.transition === 'retry';
  const leaves = to === 'processing' || to === 'paid';
  const [row] = await tx
    .update(transactions)
    .set({
      ...request.changes,
      status: to,
      statusChangedAt: request.at,
      ...(request.rail ? { rail: request.rail } : {}),
      // A new attempt starts clean: no reference, reason or sending time of the one that failed.
      ...(retry
        ? { attempt: current.attempt + 1, reference: null, sentAt: null, statusReasonCode: null, statusReason: null }
        : {
            ...(request.reference !== undefined ? { reference: request.reference } : {}),
            statusReasonCode: request.reasonCode ?? null,
            statusReason: request.reason ?? null,
            ...(leaves && !current.sentAt ? { sentAt: request.at } : {}),
          }),
    })
    // Conditional still: the lock makes it hold on PostgreSQL; on one connection it costs nothing.
    .where(and(eq(transactions.id, request.id), eq(transactions.status, current.status)))
    .returning();
  if (!row) throw refuse();
  await tx.insert(payoutEvents).values({
    id: crypto.randomUUID(),
    transactionId: row.id,
    attempt: row.attempt,
    transition: request.transition,
    fromStatus: current.status,
    toStatus: to,
    rail: row.rail,
    reference: retry ? null : row.reference,
    reasonCode: request.reasonCode ?? null,
    reason: request.reason ?? null,
    actorId: request.actorId ?? null,
    at: request.at,
  });
  return row;
}

/** The payout's first event, written with the row when the seller accepts the offer. */
export async function recordNewPayout(tx: DbOrTx, row: TransactionRow, actorId: string | null): Promise<void> {
  await tx.insert(payoutEvents).values({
    id: crypto.randomUUID(),
    transactionId: row.id,
    attempt: row.attempt,
    transition: 'recorded',
    fromStatus: null,
    toStatus: row.status,
    rail: row.rail,
    actorId,
    at: row.createdAt,
  });
}

/** A payout's events, oldest first: what its timeline and the reconciliation read. */
export function payoutEventsOf(db: DbOrTx, transactionId: string) {
  return db
    .select()
    .from(payoutEvents)
    .where(eq(payoutEvents.transactionId, transactionId))
    .orderBy(payoutEvents.at, payoutEvents.id);
}
