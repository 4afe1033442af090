// The queries of the check register (table checks, migration 0012). Payouts are read here, never
// moved: a payout's status changes only through movePayout (transactions module), inside the same
// db transaction as the check's own row.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CheckStatus } from '@assay/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { checks, transactions } from '../../../db/schema/index.ts';

export type CheckRow = typeof checks.$inferSelect;
export type PayoutRow = typeof transactions.$inferSelect;

/** One registrar at a time: the next check number is counted, not drawn. */
const CHECK_REGISTER_LOCK_KEY = 7_413_902_902;

export async function lockCheckRegister(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CHECK_REGISTER_LOCK_KEY))}::bigint)`);
}

export async function highestCheckNumber(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ max: sql<number | null>`max(${checks.checkNumber})` }).from(checks);
  return row?.max === null || row?.max === undefined ? null : Number(row.max);
}

export async function checkNumberTaken(db: DbOrTx, checkNumber: number): Promise<boolean> {
  const [row] = await db.select({ id: checks.id }).from(checks).where(eq(checks.checkNumber, checkNumber)).limit(1);
  return row !== undefined;
}

export async function insertCheck(tx: DbOrTx, row: typeof checks.$inferInsert): Promise<CheckRow> {
  const [inserted] = await tx.insert(checks).values(row).returning();
  return inserted!;
}

/** A check as it is now; `lock` holds it until the caller's transaction ends. */
export async function findCheck(db: DbOrTx, id: string, lock = false): Promise<CheckRow | null> {
  const query = db.select().from(checks).where(eq(checks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A payout as it is now, locked until the caller's transaction ends. */
export async function lockPayout(tx: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

/** Moves a printed check on; conditional, so of two appraisers exactly one does it. */
export async function updatePrintedCheck(
  tx: DbOrTx,
  id: string,
  change: { status: 'mailed'; mailedOn: string } | { status: 'voided'; voidedAt: Date; voidReason: string },
): Promise<CheckRow | null> {
  const [row] = await tx
    .update(checks)
    .set(change)
    .where(and(eq(checks.id, id), eq(checks.status, 'printed')))
    .returning();
  return row ?? null;
}

/** Voids a mailed check (it never arrived, or payment was stopped). */
export async function voidMailedCheck(tx: DbOrTx, id: string, voidedAt: Date, voidReason: string): Promise<CheckRow | null> {
  const [row] = await tx
    .update(checks)
    .set({ status: 'voided', voidedAt, voidReason })
    .where(and(eq(checks.id, id), eq(checks.status, 'mailed')))
    .returning();
  return row ?? null;
}

const withPayout = {
  check: checks,
  payout: {
    submissionId: transactions.submissionId,
    status: transactions.status,
    grossAmount: transactions.grossAmount,
    feeAmount: transactions.feeAmount,
  },
};

export type CheckWithPayout = {
  check: CheckRow;
  payout: { submissionId: string; status: string; grossAmount: number; feeAmount: number };
};

/** The register, newest first, at most `limit`; one status or all. */
export function listChecks(db: DbOrTx, status: CheckStatus | undefined, limit: number): Promise<CheckWithPayout[]> {
  return db
    .select(withPayout)
    .from(checks)
    .innerJoin(transactions, eq(transactions.id, checks.transactionId))
    .where(status ? eq(checks.status, status) : undefined)
    .orderBy(desc(checks.registeredAt), desc(checks.checkNumber))
    .limit(limit);
}

export async function findCheckWithPayout(db: DbOrTx, id: string): Promise<CheckWithPayout | null> {
  const [row] = await db
    .select(withPayout)
    .from(checks)
    .innerJoin(transactions, eq(transactions.id, checks.transactionId))
    .where(eq(checks.id, id));
  return row ?? null;
}
