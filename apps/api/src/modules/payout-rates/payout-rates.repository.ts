// Drizzle queries for the payout-rate table: append-only rows, the newest per item type current.
import { desc, sql } from 'drizzle-orm';
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
