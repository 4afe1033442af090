// The queries of ACH batches (tables ach_batches and ach_batch_entries, migration 0010). Payouts
// are read here but never moved: a payout's status changes only through movePayout (transactions
// module), inside the same db transaction as the batch rows.
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { achBatchEntries, achBatches, transactions } from '../../../db/schema/index.ts';

export type AchBatchRow = typeof achBatches.$inferSelect;
export type AchBatchEntryRow = typeof achBatchEntries.$inferSelect;
export type PayoutRow = typeof transactions.$inferSelect;

/** One creator of ACH batches at a time: trace numbers and file modifiers are counted, not drawn. */
const ACH_BATCH_LOCK_KEY = 7_413_902_901;

export async function lockAchBatchCreation(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ACH_BATCH_LOCK_KEY))}::bigint)`);
}

/**
 * Pending ACH payouts whose current attempt is in no batch yet, oldest first, locked until the
 * caller's transaction ends. Only those with stored bank numbers: nothing else can be written.
 */
export function pendingAchPayouts(tx: DbOrTx) {
  return tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'pending'),
        eq(transactions.payoutMethod, 'ach'),
        isNotNull(transactions.encryptedBankDetails),
        sql`not exists (select 1 from ${achBatchEntries} where ${achBatchEntries.transactionId} = ${transactions.id} and ${achBatchEntries.attempt} = ${transactions.attempt})`,
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .for('update');
}

/** The highest trace number ever written for this ODFI (its 8-digit id starts every one), or null. */
export async function highestTraceNumber(tx: DbOrTx, odfiId: string): Promise<string | null> {
  const [row] = await tx
    .select({ max: sql<string | null>`max(${achBatchEntries.traceNumber})` })
    .from(achBatchEntries)
    .where(like(achBatchEntries.traceNumber, `${odfiId}%`));
  return row?.max ?? null;
}

/** The file ID modifiers of the files created in [from, to). */
export async function modifiersUsedBetween(tx: DbOrTx, from: Date, to: Date): Promise<string[]> {
  const rows = await tx
    .select({ modifier: achBatches.fileIdModifier })
    .from(achBatches)
    .where(and(gte(achBatches.fileCreatedAt, from), lt(achBatches.fileCreatedAt, to)));
  return rows.map((r) => r.modifier);
}

export async function insertBatch(
  tx: DbOrTx,
  batch: typeof achBatches.$inferInsert,
  entries: (typeof achBatchEntries.$inferInsert)[],
): Promise<AchBatchRow> {
  const [row] = await tx.insert(achBatches).values(batch).returning();
  await tx.insert(achBatchEntries).values(entries);
  return row!;
}

/** Newest first, at most `limit`. */
export function listBatches(db: DbOrTx, limit: number) {
  return db.select().from(achBatches).orderBy(desc(achBatches.createdAt), desc(achBatches.id)).limit(limit);
}

/**
 * Per batch, how many of its entries still wait for the bank: the payout is processing on the ACH
 * rail under the same attempt. A batch with none left is settled (paid, returned or tried again).
 */
export async function waitingEntryCounts(db: DbOrTx, batchIds: readonly string[]): Promise<Map<string, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: achBatchEntries.batchId, waiting: sql<number>`count(*)::int` })
    .from(achBatchEntries)
    .innerJoin(transactions, eq(transactions.id, achBatchEntries.transactionId))
    .where(
      and(
        inArray(achBatchEntries.batchId, [...batchIds]),
        eq(transactions.status, 'processing'),
        eq(transactions.rail, 'ach-file'),
        eq(transactions.attempt, achBatchEntries.attempt),
      ),
    )
    .groupBy(achBatchEntries.batchId);
  return new Map(rows.map((r) => [r.batchId, Number(r.waiting)]));
}

export async function findBatch(db: DbOrTx, id: string): Promise<AchBatchRow | null> {
  const [row] = await db.select().from(achBatches).where(eq(achBatches.id, id));
  return row ?? null;
}

/** A batch's entries in trace order, each with its payout as it is now. */
export function entriesOfBatch(db: DbOrTx, batchId: string) {
  return db
    .select({ entry: achBatchEntries, payout: transactions })
    .from(achBatchEntries)
    .innerJoin(transactions, eq(transactions.id, achBatchEntries.transactionId))
    .where(eq(achBatchEntries.batchId, batchId))
    .orderBy(asc(achBatchEntries.traceNumber));
}

/** The entries written under these trace numbers, each with its payout as it is now. */
export function entriesByTraceNumbers(db: DbOrTx, traceNumbers: readonly string[]) {
  if (traceNumbers.length === 0) return Promise.resolve([]);
  return db
    .select({ entry: achBatchEntries, payout: transactions })
    .from(achBatchEntries)
    .innerJoin(transactions, eq(transactions.id, achBatchEntries.transactionId))
    .where(inArray(achBatchEntries.traceNumber, [...traceNumbers]));
}

/** A payout as it is now, locked until the caller's transaction ends. */
export async function lockPayout(tx: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}
