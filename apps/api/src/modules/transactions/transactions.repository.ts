import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions, transactions } from '../../db/schema/index.ts';

export type TransactionRow = typeof transactions.$inferSelect;

export function listTransactionsOfUser(db: DbOrTx, userId: string) {
  return db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.createdAt));
}

export async function insertTransaction(db: DbOrTx, row: typeof transactions.$inferInsert) {
  const [created] = await db.insert(transactions).values(row).returning();
  return created!;
}

export async function findTransaction(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}

export async function findTransactionOfSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.submissionId, submissionId));
  return row ?? null;
}

/** The submission row, locked until the transaction ends so that concurrent payouts queue up. */
export async function lockSubmission(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: submissions.id,
      userId: submissions.userId,
      status: submissions.status,
      finalOffer: submissions.finalOffer,
      requiresKyc: submissions.requiresKyc,
    })
    .from(submissions)
    .where(eq(submissions.id, id))
    .for('update');
  return row ?? null;
}

/** The provider's answer, or an appraiser's: pending -> sent, only from pending. */
export async function markTransactionSent(db: DbOrTx, id: string, reference: string, at: Date) {
  const [row] = await db
    .update(transactions)
    .set({ status: 'sent', reference, sentAt: at })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning();
  return row ?? null;
}
