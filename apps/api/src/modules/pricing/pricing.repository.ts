// Drizzle queries for the current prices (one row per item type), their history, and the feed's
// status (one row per provider).
import { and, desc, eq, gte, inArray, lt, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { priceFeedStatus, priceHistory, pricing } from '../../db/schema/index.ts';

export type PricingRecord = typeof pricing.$inferSelect;
export type NewPricingRecord = typeof pricing.$inferInsert;
export type NewPriceHistoryRecord = typeof priceHistory.$inferInsert;
export type PriceFeedStatusRecord = typeof priceFeedStatus.$inferSelect;

// Any fixed 64-bit number of Assay's own (the migration lock uses ...311): while one instance
// writes a refresh, every other instance's scheduled refresh steps aside.
export const PRICE_REFRESH_LOCK_KEY = 7_413_902_312;

function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows?: T[] }).rows?.[0];
}

/** Takes the refresh lock for the rest of the transaction, or answers false at once when another session holds it. */
export async function tryLockPriceRefresh(tx: Tx): Promise<boolean> {
  const row = firstRow<{ locked: unknown }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(PRICE_REFRESH_LOCK_KEY))}::bigint) as locked`),
  );
  return row?.locked === true || row?.locked === 't';
}

/** Takes the refresh lock for the rest of the transaction, waiting for whoever holds it. */
export async function lockPriceRefresh(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PRICE_REFRESH_LOCK_KEY))}::bigint)`);
}

export function listPricing(db: DbOrTx): Promise<PricingRecord[]> {
  return db.select().from(pricing);
}

/** When the newest of these item types' prices was fetched; null when none is stored. */
export async function latestFetchedAt(db: DbOrTx, itemTypes: readonly string[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(pricing.fetchedAt) })
    .from(pricing)
    .where(inArray(pricing.itemType, [...itemTypes]));
  return row?.at ?? null;
}

export async function upsertPricing(db: DbOrTx, rows: NewPricingRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(pricing)
    .values(rows)
    .onConflictDoUpdate({
      target: pricing.itemType,
      set: {
        pricePerOz: sql`excluded.price_per_oz`,
        pricePerGram: sql`excluded.price_per_gram`,
        pricePerCarat: sql`excluded.price_per_carat`,
        source: sql`excluded.source`,
        fetchedAt: sql`excluded.fetched_at`,
        updatedBy: sql`excluded.updated_by`,
      },
    });
}

/** Inserts only the rows whose item type has no price yet; answers the ones inserted. */
export function insertMissingPricing(db: DbOrTx, rows: NewPricingRecord[]): Promise<PricingRecord[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(pricing).values(rows).onConflictDoNothing({ target: pricing.itemType }).returning();
}

export async function insertPriceHistory(db: DbOrTx, rows: NewPriceHistoryRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(priceHistory).values(rows);
}

export async function deletePriceHistoryBefore(db: DbOrTx, itemTypes: readonly string[], before: Date): Promise<void> {
  await db.delete(priceHistory).where(and(inArray(priceHistory.itemType, [...itemTypes]), lt(priceHistory.recordedAt, before)));
}

/** The latest recorded price of an item type at or before `at`, or null. */
export async function findPriceAtOrBefore(db: DbOrTx, itemType: string, at: Date) {
  const [row] = await db
    .select({
      pricePerOz: priceHistory.pricePerOz,
      pricePerCarat: priceHistory.pricePerCarat,
      recordedAt: priceHistory.recordedAt,
    })
    .from(priceHistory)
    .where(and(eq(priceHistory.itemType, itemType), lte(priceHistory.recordedAt, at)))
    .orderBy(desc(priceHistory.recordedAt))
    .limit(1);
  return row ?? null;
}

/**
 * At most `maxPoints` points since `since`: one per `bucketSeconds` counted from `since` (the
 * bucket's latest price), so a month of once-a-minute prices comes back as a few hundred points.
 * Unordered.
 */
export function listPriceHistoryBuckets(db: DbOrTx, itemType: string, since: Date, bucketSeconds: number, maxPoints: number) {
  if (!Number.isSafeInteger(bucketSeconds) || bucketSeconds < 1) throw new RangeError('bucketSeconds must be a positive integer');
  if (!Number.isSafeInteger(maxPoints) || maxPoints < 1) throw new RangeError('maxPoints must be a positive integer');
  const sinceSeconds = since.getTime() / 1000;
  if (!Number.isFinite(sinceSeconds)) throw new RangeError('since must be a valid time');
  // Inlined numbers, not parameters: DISTINCT ON and ORDER BY must be the very same expression.
  // The last bucket also takes a price recorded at the very end of the span.
  const bucket = sql`least(floor((extract(epoch from ${priceHistory.recordedAt}) - ${sql.raw(String(sinceSeconds))}) / ${sql.raw(String(bucketSeconds))}), ${sql.raw(String(maxPoints - 1))})`;
  return db
    .selectDistinctOn([bucket], {
      recordedAt: priceHistory.recordedAt,
      pricePerOz: priceHistory.pricePerOz,
      pricePerGram: priceHistory.pricePerGram,
      pricePerCarat: priceHistory.pricePerCarat,
    })
    .from(priceHistory)
    .where(and(eq(priceHistory.itemType, itemType), gte(priceHistory.recordedAt, since)))
    .orderBy(bucket, desc(priceHistory.recordedAt));
}

export async function findPriceFeedStatus(db: DbOrTx, provider: string): Promise<PriceFeedStatusRecord | null> {
  const [row] = await db.select().from(priceFeedStatus).where(eq(priceFeedStatus.provider, provider));
  return row ?? null;
}

/** A refresh stored the feed's prices at `at`; the last error, if any, stays. */
export async function recordPriceFeedSuccess(db: DbOrTx, provider: string, at: Date): Promise<void> {
  await db
    .insert(priceFeedStatus)
    .values({ provider, lastSuccessAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: priceFeedStatus.provider, set: { lastSuccessAt: at, updatedAt: at } });
}

/** The feed failed at `at` for this reason; the last success, if any, stays. */
export async function recordPriceFeedFailure(db: DbOrTx, provider: string, message: string, at: Date): Promise<void> {
  await db
    .insert(priceFeedStatus)
    .values({ provider, lastErrorMessage: message, lastErrorAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: priceFeedStatus.provider,
      set: { lastErrorMessage: message, lastErrorAt: at, updatedAt: at },
    });
}
