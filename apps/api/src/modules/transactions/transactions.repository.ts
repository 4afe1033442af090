import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions, transactions, users } from '../../db/schema/index.ts';

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

/** The provider's answer, or an appraiser's: pending -> sent, only from pending. */
export async function markTransactionSent(db: DbOrTx, id: string, reference: string, at: Date) {
  const [row] = await db
    .update(transactions)
    .set({ status: 'sent', reference, sentAt: at })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * The payouts queue: pending ones oldest first (paid in the order they were asked for), sent ones
 * most recently sent first, each with the submission it pays for. `limit` rows at most.
 */
export function listTransactionsWithSubmission(db: DbOrTx, status: 'pending' | 'sent', limit: number) {
  const order =
    status === 'pending'
      ? [asc(transactions.createdAt), asc(transactions.id)]
      : [sql`${transactions.sentAt} desc nulls last`, desc(transactions.createdAt), desc(transactions.id)];
  return db
    .select({
      transaction: transactions,
      submission: {
        id: submissions.id,
        description: submissions.description,
        category: submissions.category,
        finalOffer: submissions.finalOffer,
      },
      shippingAddress: users.shippingAddress,
    })
    .from(transactions)
    .innerJoin(submissions, eq(submissions.id, transactions.submissionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.status, status))
    .orderBy(...order)
    .limit(limit);
}
