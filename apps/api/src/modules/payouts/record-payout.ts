// A new payout recorded: its row and the first event of its history, always together, so no payout
// exists without the line its timeline and the reconciliation start from.
import type { transactions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertTransaction, type TransactionRow } from './payouts.repository.ts';
import { recordNewPayout } from './payout-status.repository.ts';

export type NewPayout = typeof transactions.$inferInsert;

/** Inside the caller's transaction (accepting an offer); `actorId` is who accepted. */
export async function recordPayout(tx: DbOrTx, payout: NewPayout, actorId: string): Promise<TransactionRow> {
  const row = await insertTransaction(tx, payout);
  await recordNewPayout(tx, row, actorId);
  return row;
}
