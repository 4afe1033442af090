import { and, asc, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { PayoutStatus } from '@assay/domain';
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

/** The payout row, locked for the rest of the database transaction (as the status gate locks it). */
export async function lockTransaction(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

/**
 * A second admin's approval of a large payout; conditional (still needed, still unapproved, still
 * pending), so it answers null when someone else approved first or the payout moved on.
 */
export async function recordApproval(db: DbOrTx, { id, approvedBy, at }: { id: string; approvedBy: string; at: Date }) {
  const [row] = await db
    .update(transactions)
    .set({ approvedBy, approvedAt: at })
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.approvalRequired, true),
        isNull(transactions.approvedBy),
        eq(transactions.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Every payout's rail state, oldest first: what the ledger's reconciliation checks. */
export function listPayoutStates(db: DbOrTx) {
  return db
    .select({
      id: transactions.id,
      submissionId: transactions.submissionId,
      status: transactions.status,
      rail: transactions.rail,
      amount: transactions.amount,
    })
    .from(transactions)
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

export async function findTransactionOfSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.submissionId, submissionId));
  return row ?? null;
}

/**
 * The payouts queue: pending ones oldest first (paid in the order they were asked for), those in
 * any other status by its latest change, each with the submission it pays for. `limit` rows at most.
 */
export function listTransactionsWithSubmission(db: DbOrTx, status: PayoutStatus, limit: number) {
  const order =
    status === 'pending'
      ? [asc(transactions.createdAt), asc(transactions.id)]
      : [desc(transactions.statusChangedAt), desc(transactions.createdAt), desc(transactions.id)];
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
      encryptedStreet: users.encryptedStreet,
    })
    .from(transactions)
    .innerJoin(submissions, eq(submissions.id, transactions.submissionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.status, status))
    .orderBy(...order)
    .limit(limit);
}

/**
 * Payouts a rail holds, unchanged since `quietSince`: the ones the rail check asks about, quietest
 * first. A payout sent by hand has no rail to ask: a person records its confirmation.
 */
export function listPayoutsAwaitingRail(db: DbOrTx, { quietSince, limit }: { quietSince: Date; limit: number }) {
  return db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.status, 'processing'), ne(transactions.rail, 'manual'), lt(transactions.statusChangedAt, quietSince)),
    )
    .orderBy(asc(transactions.statusChangedAt), asc(transactions.id))
    .limit(limit);
}
