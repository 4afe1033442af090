// Drizzle queries for the payout-rate table: append-only rows, the newest per item type current.
import { desc, sql } from 'drizzle-orm';
import type { ItemType } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { payoutRates } from '../../db/schema/index.ts';

export type PayoutRateRecord = typeof payoutRates.$inferSelect;

/** The newest row of each item type that has one. */
export function latestPayoutRateRows(db: DbOrTx): Promise<PayoutRateRecord[]> {
  return db
    .selectDistinctOn([payoutRates.itemType])
    .from(payoutRates)
    .orderBy(payoutRates.itemType, desc(payoutRates.createdAt), desc(sql`${payoutRates.id}`));
}

/** The newest changes of every item type, newest first. */
export function listPayoutRateChanges(db: DbOrTx, limit: number): Promise<PayoutRateRecord[]> {
  return db
    .select()
    .from(payoutRates)
    .orderBy(desc(payoutRates.createdAt), desc(sql`${payoutRates.id}`))
    .limit(limit);
}

export async function insertPayoutRate(
  tx: DbOrTx,
  row: { itemType: ItemType; minPercent: string; maxPercent: string; setBy: string },
): Promise<PayoutRateRecord> {
  const [inserted] = await tx
    .insert(payoutRates)
    .values({ id: crypto.randomUUID(), ...row })
    .returning();
  return inserted!;
}

/** Serialises rate edits, so each change's audit entry names the rate it replaced. */
const PAYOUT_RATE_EDIT_LOCK_KEY = 7_413_902_777;

export async function lockPayoutRateEdits(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PAYOUT_RATE_EDIT_LOCK_KEY))}::bigint)`);
}
