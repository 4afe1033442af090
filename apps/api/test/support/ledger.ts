// Payouts in tests: one written straight into the database, as accepting its offer would leave it
// (the row and its acceptance on the ledger, so moving it posts on top of what is owed), and
// emptying them between tests.
import type { DbOrTx } from '../../src/db/client.ts';
import { achBatchEntries, achBatches, checks, ledgerLines, payoutEvents, transactions } from '../../src/db/schema/index.ts';
import { postOfferAccepted } from '../../src/modules/ledger/index.ts';

export async function insertAcceptedPayout(db: DbOrTx, row: typeof transactions.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(transactions).values(row).returning();
    await postOfferAccepted(tx, inserted!);
  });
}

/**
 * Every payout and what hangs on it (ACH file entries, checks, history, ledger lines), children first, so
 * a suite that writes payouts starts each test from none.
 */
export async function deleteAllPayouts(db: DbOrTx): Promise<void> {
  await db.delete(achBatchEntries);
  await db.delete(checks);
  await db.delete(achBatches);
  await db.delete(payoutEvents);
  await db.delete(ledgerLines);
  await db.delete(transactions);
}
