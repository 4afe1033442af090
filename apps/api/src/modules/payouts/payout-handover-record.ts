// Whether a payout attempt's hand-over to its provider gave up, kept as an audit entry on the payout:
// the hand-over job writes it, and paying by hand (mark-payout-sent.ts) reads it, so a payout a
// provider may still be taking is never also paid by a person.
import type { DbOrTx } from '../../db/client.ts';
import { listAuditEntries, writeAuditEntry } from '../audit/index.ts';
import type { TransactionRow } from './payouts.repository.ts';

/**
 * The hand-over will not happen by itself (its retries ran out, or the provider refused our own
 * set-up): the appraisers' history says so, and from then on a person may pay it by hand.
 */
export async function recordHandoverGivenUp(db: DbOrTx, row: Pick<TransactionRow, 'id' | 'attempt'>, why: string) {
  await writeAuditEntry(db, {
    actorId: null,
    entityType: 'transaction',
    entityId: row.id,
    action: 'payout_handover_failed',
    fromStatus: null,
    toStatus: null,
    changes: { payoutAttempt: row.attempt, reason: why.slice(0, 300) },
  });
}

/** Whether this attempt's hand-over gave up, so paying it by hand cannot pay it twice. */
export async function handoverGaveUp(db: DbOrTx, row: Pick<TransactionRow, 'id' | 'attempt'>): Promise<boolean> {
  const entries = await listAuditEntries(db, [{ entityType: 'transaction', entityId: row.id }]);
  return entries.some((e) => e.action === 'payout_handover_failed' && e.changes?.payoutAttempt === row.attempt);
}
