// The loaded OFAC lists, their entries, the screenings made against them, and the compliance hold
// they put on payouts (transactions.compliance_hold, read by every rail before it moves money).
import type { ComplianceHold, ScreeningStatus } from '@assay/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { kycRecords, sanctionsEntries, sanctionsLists, sanctionsScreenings, transactions } from '../../../db/schema/index.ts';

export type SanctionsListRow = typeof sanctionsLists.$inferSelect;
export type SanctionsEntryRow = typeof sanctionsEntries.$inferInsert;
export type ScreeningRow = typeof sanctionsScreenings.$inferSelect;
export type NewScreeningRow = typeof sanctionsScreenings.$inferInsert;

/** Rows per insert: well under PostgreSQL's 65,535 parameters with 9 columns a row. */
const ENTRY_CHUNK = 1000;

export async function insertSanctionsList(
  tx: DbOrTx,
  list: typeof sanctionsLists.$inferInsert,
  entries: Omit<SanctionsEntryRow, 'listId'>[],
): Promise<SanctionsListRow> {
  // Serialises two loads at once: the second waits, then replaces the first as the active list.
  await tx.execute(sql`lock table ${sanctionsLists} in share row exclusive mode`);
  await tx.update(sanctionsLists).set({ active: false }).where(eq(sanctionsLists.active, true));
  const [row] = await tx
    .insert(sanctionsLists)
    .values({ ...list, active: true })
    .returning();
  for (let from = 0; from < entries.length; from += ENTRY_CHUNK) {
    await tx.insert(sanctionsEntries).values(entries.slice(from, from + ENTRY_CHUNK).map((e) => ({ ...e, listId: row!.id })));
  }
  return row!;
}

export async function findActiveList(db: DbOrTx): Promise<SanctionsListRow | null> {
  const [row] = await db.select().from(sanctionsLists).where(eq(sanctionsLists.active, true)).limit(1);
  return row ?? null;
}

export async function findListOf(db: DbOrTx, listId: string): Promise<SanctionsListRow | null> {
  const [row] = await db.select().from(sanctionsLists).where(eq(sanctionsLists.id, listId)).limit(1);
  return row ?? null;
}

export async function countLists(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sanctionsLists);
  return Number(row?.n ?? 0);
}

export function entriesOfList(db: DbOrTx, listId: string) {
  return db.select().from(sanctionsEntries).where(eq(sanctionsEntries.listId, listId)).orderBy(asc(sanctionsEntries.entNum));
}

export async function insertScreening(tx: DbOrTx, row: NewScreeningRow): Promise<ScreeningRow> {
  const [inserted] = await tx.insert(sanctionsScreenings).values(row).returning();
  return inserted!;
}

/** The latest screening of this name of this seller against this list, if any. */
export async function latestScreeningOf(
  db: DbOrTx,
  { userId, listId, name, status }: { userId: string; listId: string; name: string; status?: ScreeningRow['status'] },
): Promise<ScreeningRow | null> {
  const [row] = await db
    .select()
    .from(sanctionsScreenings)
    .where(
      and(
        eq(sanctionsScreenings.userId, userId),
        eq(sanctionsScreenings.listId, listId),
        eq(sanctionsScreenings.screenedName, name),
        status ? eq(sanctionsScreenings.status, status) : undefined,
      ),
    )
    .orderBy(desc(sanctionsScreenings.createdAt), desc(sanctionsScreenings.id))
    .limit(1);
  return row ?? null;
}

/** Which undecided or blocking screenings a seller has: what holds their payouts. */
export async function openScreeningStatuses(db: DbOrTx, userId: string): Promise<Set<ScreeningStatus>> {
  const rows = await db
    .selectDistinct({ status: sanctionsScreenings.status })
    .from(sanctionsScreenings)
    .where(and(eq(sanctionsScreenings.userId, userId), inArray(sanctionsScreenings.status, ['possible-match', 'blocked'])));
  return new Set(rows.map((r) => r.status));
}

export async function findScreening(db: DbOrTx, id: string): Promise<ScreeningRow | null> {
  const [row] = await db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.id, id)).limit(1);
  return row ?? null;
}

/** Conditional: of two appraisers deciding at once, exactly one moves it. */
export async function decidePossibleMatch(
  tx: DbOrTx,
  id: string,
  decision: { status: 'cleared' | 'blocked'; decidedBy: string; decidedAt: Date; reason: string },
): Promise<ScreeningRow | null> {
  const [row] = await tx
    .update(sanctionsScreenings)
    .set(decision)
    .where(and(eq(sanctionsScreenings.id, id), eq(sanctionsScreenings.status, 'possible-match')))
    .returning();
  return row ?? null;
}

/** Screenings by status (or all), oldest first for the possible matches' queue, with their list's date. */
export function listScreeningRows(db: DbOrTx, { status, limit }: { status: ScreeningStatus | undefined; limit: number }) {
  return db
    .select({ screening: sanctionsScreenings, listPublishedOn: sanctionsLists.publishedOn })
    .from(sanctionsScreenings)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsScreenings.listId))
    .where(status ? eq(sanctionsScreenings.status, status) : undefined)
    .orderBy(status === 'possible-match' ? asc(sanctionsScreenings.createdAt) : desc(sanctionsScreenings.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// The hold on payouts.

export async function lockSellerPayouts(tx: DbOrTx, userId: string) {
  return tx
    .select({ id: transactions.id, status: transactions.status, complianceHold: transactions.complianceHold })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .for('update');
}

export async function setComplianceHold(tx: DbOrTx, transactionId: string, hold: ComplianceHold | null) {
  await tx.update(transactions).set({ complianceHold: hold }).where(eq(transactions.id, transactionId));
}

export async function findPayoutHold(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      status: transactions.status,
      payoutMethod: transactions.payoutMethod,
      payoutDetails: transactions.payoutDetails,
      complianceHold: transactions.complianceHold,
    })
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1);
  return row ?? null;
}

export function heldPayoutsOfSeller(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNotNull(transactions.complianceHold)));
}

/**
 * The name on the seller's approved ID, if any. Read here rather than through the kyc service,
 * which calls this module at ID review (a service import back would be a cycle).
 */
export async function approvedIdName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ fullName: kycRecords.fullName })
    .from(kycRecords)
    .where(and(eq(kycRecords.userId, userId), eq(kycRecords.status, 'approved')))
    .orderBy(desc(kycRecords.createdAt))
    .limit(1);
  return row?.fullName ?? null;
}
