// Drizzle queries for the parcels' price locks, and the metal prices quoted at a moment.
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { priceHistory, priceLocks, pricing } from '../../db/schema/index.ts';

export type PriceLockRecord = typeof priceLocks.$inferSelect;
export type NewPriceLockRecord = typeof priceLocks.$inferInsert;

/** Written once per submission: null when it already had one (a later scan, a replay, another instance). */
export async function insertPriceLock(db: DbOrTx, lock: NewPriceLockRecord): Promise<PriceLockRecord | null> {
  const [row] = await db.insert(priceLocks).values(lock).onConflictDoNothing({ target: priceLocks.submissionId }).returning();
  return row ?? null;
}

export async function findPriceLock(db: DbOrTx, submissionId: string): Promise<PriceLockRecord | null> {
  const [row] = await db.select().from(priceLocks).where(eq(priceLocks.submissionId, submissionId));
  return row ?? null;
}

export function findPriceLocks(db: DbOrTx, submissionIds: readonly string[]): Promise<PriceLockRecord[]> {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(priceLocks)
    .where(inArray(priceLocks.submissionId, [...submissionIds]));
}

/**
 * Each item type's price per ounce as quoted at `at`: its newest history entry at or before then,
 * else its current row (a history pruned past its retention, or a price set before history began).
 */
export async function pricesPerOzAt(db: DbOrTx, itemTypes: readonly string[], at: Date): Promise<Map<string, string>> {
  const quoted = await db
    .selectDistinctOn([priceHistory.itemType], { itemType: priceHistory.itemType, pricePerOz: priceHistory.pricePerOz })
    .from(priceHistory)
    .where(and(inArray(priceHistory.itemType, [...itemTypes]), lte(priceHistory.recordedAt, at)))
    .orderBy(priceHistory.itemType, desc(priceHistory.recordedAt));
  const prices = new Map(quoted.map((row) => [row.itemType, row.pricePerOz]));
  const missing = itemTypes.filter((itemType) => !prices.has(itemType));
  if (missing.length > 0) {
    const current = await db
      .select({ itemType: pricing.itemType, pricePerOz: pricing.pricePerOz })
      .from(pricing)
      .where(inArray(pricing.itemType, missing));
    for (const row of current) prices.set(row.itemType, row.pricePerOz);
  }
  return prices;
}
