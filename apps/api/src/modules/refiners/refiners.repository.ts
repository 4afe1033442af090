// The refiners' tables (schema/refiners.ts): the refiners, their settlements and each settlement's
// share per lot. Settlements are written only by the refiner-settlement workflow, inside the one
// transaction that settles the lots and posts the ledger.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meltLots, refiners, refinerSettlementLots, refinerSettlements } from '../../db/schema/index.ts';
import type { RefinerRow, RefinerSettlementRow } from '../../db/schema/index.ts';

export type { RefinerRow, RefinerSettlementRow };
export type RefinerChanges = Omit<typeof refiners.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'retiredAt'>;
export type SettlementLotInsert = typeof refinerSettlementLots.$inferInsert;

export function listRefinerRows(db: DbOrTx) {
  return db
    .select()
    .from(refiners)
    .orderBy(sql`${refiners.retiredAt} is not null`, asc(sql`lower(${refiners.name})`));
}

export async function insertRefiner(tx: DbOrTx, changes: RefinerChanges) {
  const [row] = await tx
    .insert(refiners)
    .values({ id: crypto.randomUUID(), ...changes })
    .returning();
  return row!;
}

export async function lockRefiner(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(refiners).where(eq(refiners.id, id)).for('update');
  return row ?? null;
}

export async function updateRefiner(tx: DbOrTx, id: string, changes: Partial<RefinerChanges> & { retiredAt?: Date }) {
  const [row] = await tx
    .update(refiners)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(refiners.id, id))
    .returning();
  return row!;
}

/** The active refiner of this name, case aside; null when none. */
export async function findActiveRefinerByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(refiners)
    .where(and(isNull(refiners.retiredAt), eq(sql`lower(${refiners.name})`, name.toLowerCase())));
  return row ?? null;
}

export async function findSettlementByReference(db: DbOrTx, refinerName: string, reference: string) {
  const [row] = await db
    .select({ id: refinerSettlements.id })
    .from(refinerSettlements)
    .where(
      and(
        eq(sql`lower(${refinerSettlements.refinerName})`, refinerName.toLowerCase()),
        eq(refinerSettlements.reference, reference),
      ),
    );
  return row ?? null;
}

export async function insertSettlement(
  tx: DbOrTx,
  settlement: Omit<typeof refinerSettlements.$inferInsert, 'createdAt'>,
  lots: readonly SettlementLotInsert[],
) {
  const [row] = await tx.insert(refinerSettlements).values(settlement).returning();
  if (lots.length) await tx.insert(refinerSettlementLots).values([...lots]);
  return row!;
}

export function listSettlementRows(db: DbOrTx, limit = 200) {
  return db
    .select()
    .from(refinerSettlements)
    .orderBy(desc(refinerSettlements.settledOn), desc(refinerSettlements.createdAt))
    .limit(limit);
}

export function settlementLotsOf(db: DbOrTx, settlementIds: readonly string[]) {
  if (settlementIds.length === 0) return Promise.resolve([]);
  return db
    .select({ share: refinerSettlementLots, lotNumber: meltLots.number })
    .from(refinerSettlementLots)
    .innerJoin(meltLots, eq(meltLots.id, refinerSettlementLots.meltLotId))
    .where(inArray(refinerSettlementLots.settlementId, [...settlementIds]))
    .orderBy(asc(refinerSettlementLots.settlementId), asc(refinerSettlementLots.position));
}

export async function findSettlement(db: DbOrTx, id: string) {
  const [row] = await db.select().from(refinerSettlements).where(eq(refinerSettlements.id, id));
  return row ?? null;
}

export async function findActiveRefiner(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(refiners)
    .where(and(eq(refiners.id, id), isNull(refiners.retiredAt)));
  return row ?? null;
}
