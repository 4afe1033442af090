// Custody's tables: bins, item_locations (one row per received item) and custody_moves (append
// only). The item reads join the item and its submission for what a bin view shows (description,
// status, hold), read-only: those rows belong to modules/submissions.
import { aliasedTable, and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CustodyPlace } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { bins, custodyMoves, itemLocations, submissionItems, submissions, users } from '../../db/schema/index.ts';

export type { BinRow } from '../../db/schema/index.ts';

export async function insertBin(tx: DbOrTx, bin: { code: string; label: string }) {
  const [row] = await tx
    .insert(bins)
    .values({ id: crypto.randomUUID(), ...bin })
    .returning();
  return row!;
}

export async function findBin(db: DbOrTx, id: string) {
  const [row] = await db.select().from(bins).where(eq(bins.id, id));
  return row ?? null;
}

export async function lockBin(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(bins).where(eq(bins.id, id)).for('update');
  return row ?? null;
}

/** A bin by id or by its code, as an appraiser types it. */
export async function findBinByIdOrCode(db: DbOrTx, idOrCode: string) {
  const [row] = await db
    .select()
    .from(bins)
    .where(or(eq(bins.id, idOrCode), eq(bins.code, idOrCode.trim().toUpperCase())));
  return row ?? null;
}

export async function updateBin(tx: DbOrTx, id: string, changes: { code?: string; label?: string; archivedAt?: Date }) {
  const [row] = await tx.update(bins).set(changes).where(eq(bins.id, id)).returning();
  return row ?? null;
}

const readyAt = (now: Date) =>
  sql`(${submissions.status} = 'completed' and ${submissionItems.outcome} is distinct from 'returned' and (${submissions.holdUntil} is null or ${submissions.holdUntil} <= ${now.toISOString()}::timestamptz))`;

/** Every bin (archived last) with how many items it holds and how many of them are ready. */
export async function listBinsWithCounts(db: DbOrTx, now: Date) {
  return db
    .select({
      bin: bins,
      itemCount: sql<number>`count(${itemLocations.itemId})::int`,
      readyCount: sql<number>`count(${itemLocations.itemId}) filter (where ${readyAt(now)})::int`,
    })
    .from(bins)
    .leftJoin(itemLocations, eq(itemLocations.binId, bins.id))
    .leftJoin(submissionItems, eq(submissionItems.id, itemLocations.itemId))
    .leftJoin(submissions, eq(submissions.id, submissionItems.submissionId))
    .groupBy(bins.id)
    .orderBy(sql`${bins.archivedAt} is not null`, asc(bins.code));
}

export async function countInPlace(db: DbOrTx, place: CustodyPlace): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(itemLocations)
    .where(eq(itemLocations.place, place));
  return row?.n ?? 0;
}

export async function countInBin(db: DbOrTx, binId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(itemLocations)
    .where(eq(itemLocations.binId, binId));
  return row?.n ?? 0;
}

/**
 * Gives the items their first place (the vault, or 'returned' for a parcel already gone back), each
 * with a new tag from the sequence (the column's default). An item that already has a place keeps
 * it (a retried transaction must not tag twice). Answers the rows it placed.
 */
export async function placeItems(
  tx: DbOrTx,
  items: readonly { itemId: string; place: 'vault' | 'returned' }[],
  movedBy: string | null,
  note: string,
) {
  if (items.length === 0) return [];
  const placed = await tx
    .insert(itemLocations)
    .values(items.map(({ itemId, place }) => ({ itemId, place, movedBy })))
    .onConflictDoNothing({ target: itemLocations.itemId })
    .returning();
  if (placed.length > 0) {
    await tx.insert(custodyMoves).values(
      placed.map((row) => ({
        id: crypto.randomUUID(),
        itemId: row.itemId,
        fromPlace: null,
        toPlace: row.place,
        movedBy,
        note,
      })),
    );
  }
  return placed;
}

const movedByUser = aliasedTable(users, 'moved_by_user');

const itemColumns = {
  itemId: itemLocations.itemId,
  submissionId: submissionItems.submissionId,
  position: submissionItems.position,
  description: submissionItems.description,
  itemOutcome: submissionItems.outcome,
  tag: itemLocations.tag,
  place: itemLocations.place,
  binId: itemLocations.binId,
  binCode: bins.code,
  meltLotId: itemLocations.meltLotId,
  submissionStatus: submissions.status,
  holdUntil: submissions.holdUntil,
  movedAt: itemLocations.movedAt,
  movedByName: movedByUser.name,
  movedByEmail: movedByUser.email,
  version: itemLocations.version,
  // The case of the item's active police hold (modules/police-holds), read here so every list shows it.
  policeHoldCase: sql<
    string | null
  >`(select h.case_number from police_holds h where h.item_id = ${itemLocations.itemId} and h.status = 'active')`,
};
export type CustodyItemRow = Awaited<ReturnType<typeof custodyItemsWhere>>[number];

/** Most results a search or a bin view answers; a bin holds far fewer in practice. */
export const CUSTODY_LIST_LIMIT = 500;

export function custodyItemsWhere(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(itemColumns)
    .from(itemLocations)
    .innerJoin(submissionItems, eq(submissionItems.id, itemLocations.itemId))
    .innerJoin(submissions, eq(submissions.id, submissionItems.submissionId))
    .leftJoin(bins, eq(bins.id, itemLocations.binId))
    .leftJoin(movedByUser, eq(movedByUser.id, itemLocations.movedBy))
    .where(where)
    .orderBy(asc(submissions.holdUntil), asc(submissionItems.submissionId), asc(submissionItems.position))
    .limit(CUSTODY_LIST_LIMIT);
}

export const custodyWhere = {
  item: (itemId: string) => eq(itemLocations.itemId, itemId),
  bin: (binId: string) => eq(itemLocations.binId, binId),
  tag: (tag: string) => eq(itemLocations.tag, tag),
  /** The whole id, or the short one printed on the card and the label (its last 8 characters). */
  submission: (idOrShort: string) =>
    or(eq(submissions.id, idOrShort), sql`lower(right(${submissions.id}, 8)) = ${idOrShort.toLowerCase()}`),
};

export async function findCustodyItem(db: DbOrTx, itemId: string) {
  const [row] = await custodyItemsWhere(db, custodyWhere.item(itemId));
  return row ?? null;
}

/** The item's submission id, whether or not it has a place yet. */
export async function submissionOfItem(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({ submissionId: submissionItems.submissionId, receivedAt: submissions.receivedAt })
    .from(submissionItems)
    .innerJoin(submissions, eq(submissions.id, submissionItems.submissionId))
    .where(eq(submissionItems.id, itemId));
  return row ?? null;
}

export async function itemIdsOfSubmissions(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .select({ id: submissionItems.id, submissionId: submissionItems.submissionId })
    .from(submissionItems)
    .where(inArray(submissionItems.submissionId, [...submissionIds]))
    .orderBy(asc(submissionItems.submissionId), asc(submissionItems.position));
}

export interface Whereabouts {
  place: CustodyPlace;
  binId: string | null;
  meltLotId: string | null;
}

/**
 * Moves the item if it is still at the version the mover saw: the one write of a move. Answers the
 * new row, or null when someone else moved it first (its version went on).
 */
export async function moveIfAt(tx: DbOrTx, itemId: string, version: number, to: Whereabouts, movedBy: string) {
  const [row] = await tx
    .update(itemLocations)
    .set({ ...to, movedBy, movedAt: sql`now()`, version: sql`${itemLocations.version} + 1` })
    .where(and(eq(itemLocations.itemId, itemId), eq(itemLocations.version, version)))
    .returning();
  return row ?? null;
}

export async function insertMove(
  tx: DbOrTx,
  move: { itemId: string; from: Whereabouts; to: Whereabouts; movedBy: string; note: string | null },
) {
  await tx.insert(custodyMoves).values({
    id: crypto.randomUUID(),
    itemId: move.itemId,
    fromPlace: move.from.place,
    fromBinId: move.from.binId,
    fromMeltLotId: move.from.meltLotId,
    toPlace: move.to.place,
    toBinId: move.to.binId,
    toMeltLotId: move.to.meltLotId,
    movedBy: move.movedBy,
    note: move.note,
  });
}

const fromBin = aliasedTable(bins, 'from_bin');
const toBin = aliasedTable(bins, 'to_bin');

/** An item's moves, oldest first, with the bins' codes and who moved it. */
export async function listMoves(db: DbOrTx, itemId: string) {
  return db
    .select({
      id: custodyMoves.id,
      fromPlace: custodyMoves.fromPlace,
      fromBin: fromBin.code,
      fromMeltLotId: custodyMoves.fromMeltLotId,
      toPlace: custodyMoves.toPlace,
      toBin: toBin.code,
      toMeltLotId: custodyMoves.toMeltLotId,
      byName: users.name,
      byEmail: users.email,
      at: custodyMoves.movedAt,
      note: custodyMoves.note,
    })
    .from(custodyMoves)
    .leftJoin(fromBin, eq(fromBin.id, custodyMoves.fromBinId))
    .leftJoin(toBin, eq(toBin.id, custodyMoves.toBinId))
    .leftJoin(users, eq(users.id, custodyMoves.movedBy))
    .where(eq(custodyMoves.itemId, itemId))
    .orderBy(asc(custodyMoves.movedAt), asc(custodyMoves.id));
}
