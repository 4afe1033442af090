// The melt lots table (schema/melt-lots.ts). Where an item is stays custody's (item_locations,
// moved through modules/custody); the item reads here join it with the item and the lines of its
// submission's newest offer version, read-only (those rows are custody's, submissions' and offers'),
// so a list of lots with their totals is two queries, not one per item.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { itemLocations, meltLots, offerLines, offers, submissionItems, users } from '../../db/schema/index.ts';
import type { MeltLotRow } from '../../db/schema/index.ts';

export type { MeltLotRow };

const lotColumns = { lot: meltLots, creatorName: users.name, creatorEmail: users.email };

export async function insertLot(tx: DbOrTx, lot: { category: MeltLotRow['category']; createdBy: string }) {
  const [row] = await tx
    .insert(meltLots)
    .values({ id: crypto.randomUUID(), ...lot })
    .returning();
  return row!;
}

export function listLots(db: DbOrTx) {
  return db
    .select(lotColumns)
    .from(meltLots)
    .leftJoin(users, eq(users.id, meltLots.createdBy))
    .orderBy(sql`${meltLots.state} = 'closed'`, desc(meltLots.createdAt), desc(meltLots.number));
}

export async function findLot(db: DbOrTx, id: string) {
  const [row] = await db
    .select(lotColumns)
    .from(meltLots)
    .leftJoin(users, eq(users.id, meltLots.createdBy))
    .where(eq(meltLots.id, id));
  return row ?? null;
}

export async function lockLot(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(meltLots).where(eq(meltLots.id, id)).for('update');
  return row ?? null;
}

export async function lotNumberOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ number: meltLots.number }).from(meltLots).where(eq(meltLots.id, id));
  return row?.number ?? null;
}

/** Changes a lot the caller locked, its version one up. */
export async function updateLot(tx: DbOrTx, id: string, changes: Partial<Omit<MeltLotRow, 'id' | 'number' | 'version'>>) {
  const [row] = await tx
    .update(meltLots)
    .set({ ...changes, version: sql`${meltLots.version} + 1` })
    .where(eq(meltLots.id, id))
    .returning();
  return row!;
}

/** Where the lot's carrier label image is kept, once fetched: not a change of the lot, so its version stays. */
export async function setLotLabelImageKey(db: DbOrTx, id: string, key: string) {
  await db.update(meltLots).set({ labelImageKey: key }).where(eq(meltLots.id, id));
}

/** The items in these lots, each with what custody and the item record know of it. */
export function itemsInLots(db: DbOrTx, lotIds: readonly string[]) {
  if (lotIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      itemId: itemLocations.itemId,
      meltLotId: itemLocations.meltLotId,
      tag: itemLocations.tag,
      movedAt: itemLocations.movedAt,
      submissionId: submissionItems.submissionId,
      position: submissionItems.position,
      description: submissionItems.description,
      stoneChoice: submissionItems.stoneChoice,
    })
    .from(itemLocations)
    .innerJoin(submissionItems, eq(submissionItems.id, itemLocations.itemId))
    .where(and(eq(itemLocations.place, 'melt-lot'), inArray(itemLocations.meltLotId, [...lotIds])))
    .orderBy(asc(itemLocations.movedAt), asc(itemLocations.tag));
}

/** The lines pricing these items in their submission's newest offer version. */
export function currentLinesOfItems(db: DbOrTx, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      itemId: offerLines.itemId,
      material: offerLines.material,
      purityPercent: offerLines.purityPercent,
      weight: offerLines.weight,
      weightUnit: offerLines.weightUnit,
    })
    .from(offerLines)
    .innerJoin(offers, eq(offers.id, offerLines.offerId))
    .where(
      and(
        inArray(offerLines.itemId, [...itemIds]),
        sql`${offers.version} = (select max(o.version) from ${offers} o where o.submission_id = ${offers.submissionId})`,
      ),
    )
    .orderBy(asc(offerLines.position));
}

/** The seller's stone choice for an item (what goes into the melt with it). */
export async function stoneChoiceOf(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({ stoneChoice: submissionItems.stoneChoice })
    .from(submissionItems)
    .where(eq(submissionItems.id, itemId));
  return row?.stoneChoice ?? null;
}

/** Locks lots by their number or id, in number order, so two settlements of shared lots queue, never deadlock. */
export function lockLotsByRef(tx: DbOrTx, refs: readonly string[]) {
  if (refs.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(meltLots)
    .where(sql`${meltLots.number} in ${[...refs]} or ${meltLots.id} in ${[...refs]}`)
    .orderBy(asc(meltLots.number))
    .for('update');
}

/**
 * What the sellers were paid for each lot's items, in cents: the sum of their lines in the offer
 * the seller accepted. The accepted offer, not the newest version, because that is what was paid.
 */
export async function paidForLotItems(db: DbOrTx, lotIds: readonly string[]): Promise<Map<string, number>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .select({
      meltLotId: itemLocations.meltLotId,
      cents: sql<string>`coalesce(sum(round(${offerLines.amount} * 100)), 0)::text`,
    })
    .from(itemLocations)
    .innerJoin(offerLines, eq(offerLines.itemId, itemLocations.itemId))
    .innerJoin(offers, and(eq(offers.id, offerLines.offerId), eq(offers.status, 'accepted')))
    .where(and(eq(itemLocations.place, 'melt-lot'), inArray(itemLocations.meltLotId, [...lotIds])))
    .groupBy(itemLocations.meltLotId);
  return new Map(rows.map((row) => [row.meltLotId!, Number(row.cents)]));
}
