// The police_holds table (db/schema/police-holds.ts), and the read-only lookups a surrender needs:
// what the item cost (its line in the submission's newest offer version) and the payout that paid it.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offerLines, offers, policeHolds, submissionItems, transactions, users } from '../../db/schema/index.ts';
import type { PoliceHoldRow } from '../../db/schema/index.ts';

export type { PoliceHoldRow };

export async function insertHold(tx: DbOrTx, hold: Omit<typeof policeHolds.$inferInsert, 'id' | 'status'>) {
  const [row] = await tx
    .insert(policeHolds)
    .values({ id: crypto.randomUUID(), ...hold })
    .returning();
  return row!;
}

export async function findHold(db: DbOrTx, id: string) {
  const [row] = await db.select().from(policeHolds).where(eq(policeHolds.id, id));
  return row ?? null;
}

export async function activeHoldOf(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select()
    .from(policeHolds)
    .where(and(eq(policeHolds.itemId, itemId), eq(policeHolds.status, 'active')));
  return row ?? null;
}

/** Ends the hold only if it is still active: the one write of a release or surrender; null when it had ended. */
export async function endHoldIfActive(
  tx: DbOrTx,
  id: string,
  changes: Pick<
    typeof policeHolds.$inferInsert,
    'status' | 'endedBy' | 'releaseNote' | 'surrenderReference' | 'writtenOffCents' | 'writeOffTransactionId'
  >,
) {
  const [row] = await tx
    .update(policeHolds)
    .set({ ...changes, endedAt: sql`now()` })
    .where(and(eq(policeHolds.id, id), eq(policeHolds.status, 'active')))
    .returning();
  return row ?? null;
}

const placer = users;

/** An item's holds, newest first, with the names of who placed and ended them. */
export async function holdsOfItem(db: DbOrTx, itemId: string) {
  const rows = await db
    .select({ hold: policeHolds, submissionId: submissionItems.submissionId })
    .from(policeHolds)
    .innerJoin(submissionItems, eq(submissionItems.id, policeHolds.itemId))
    .where(eq(policeHolds.itemId, itemId))
    .orderBy(desc(policeHolds.placedAt));
  const names = await peopleNamed(
    db,
    rows.flatMap((r) => [r.hold.placedBy, r.hold.endedBy]),
  );
  return rows.map((r) => ({ ...r, names }));
}

export async function peopleNamed(db: DbOrTx, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  for (const id of wanted) {
    const [row] = await db.select({ name: placer.name, email: placer.email }).from(placer).where(eq(placer.id, id));
    if (row) names.set(id, row.name || row.email);
  }
  return names;
}

export async function submissionOfItem(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({ submissionId: submissionItems.submissionId })
    .from(submissionItems)
    .where(eq(submissionItems.id, itemId));
  return row?.submissionId ?? null;
}

/** What the seller was paid for the item: its line in the newest offer version, in cents; 0 without one. */
export async function costOfItem(db: DbOrTx, itemId: string): Promise<number> {
  const [row] = await db
    .select({ amount: offerLines.amount })
    .from(offerLines)
    .innerJoin(offers, eq(offers.id, offerLines.offerId))
    .where(
      and(
        eq(offerLines.itemId, itemId),
        sql`${offers.version} = (select max(o.version) from ${offers} o where o.submission_id = ${offers.submissionId})`,
      ),
    );
  return row?.amount ?? 0;
}

/** The submission's one payout (unique per submission), or null when none was made. */
export async function payoutOfSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.submissionId, submissionId));
  return row?.id ?? null;
}
