// The price lock (issue 27, packages/domain price-lock.ts): the carrier's first scan of a seller's
// parcel locks the spot prices quoted at that moment for LOCK_DAYS. Written in the transaction that
// stores the scan, once per submission.
import { type PriceLock, priceLockUntil, spotPricesFromMetalPrices } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { findPriceLock, findPriceLocks, insertPriceLock, type PriceLockRecord, pricesPerOzAt } from './price-locks.repository.ts';

const SPOT_ROWS = ['gold-24k', 'silver', 'platinum', 'palladium'] as const;

function lockOf(row: PriceLockRecord): PriceLock {
  return {
    lockedAt: row.lockedAt,
    lockedUntil: row.lockedUntil,
    spot: { gold: row.goldPerOz, silver: row.silverPerOz, platinum: row.platinumPerOz, palladium: row.palladiumPerOz },
  };
}

/**
 * Locks the submission's prices at `scannedAt` unless they already are. Answers the new lock, or
 * null: already locked, or no usable price of every metal at that moment (nothing is locked on a
 * guess; the offer then simply uses the day's prices).
 */
export async function lockPricesAt(
  tx: DbOrTx,
  submissionId: string,
  scannedAt: Date,
  lockDays: number,
): Promise<PriceLock | null> {
  if (await findPriceLock(tx, submissionId)) return null;
  const perOz = await pricesPerOzAt(tx, SPOT_ROWS, scannedAt);
  const spot = spotPricesFromMetalPrices(Object.fromEntries(perOz));
  if (!spot) return null;
  const row = await insertPriceLock(tx, {
    submissionId,
    lockedAt: scannedAt,
    lockedUntil: priceLockUntil(scannedAt, lockDays),
    goldPerOz: spot.gold,
    silverPerOz: spot.silver,
    platinumPerOz: spot.platinum,
    palladiumPerOz: spot.palladium,
  });
  return row && lockOf(row);
}

export async function priceLockOf(db: DbOrTx, submissionId: string): Promise<PriceLock | null> {
  const row = await findPriceLock(db, submissionId);
  return row && lockOf(row);
}

/** The locks of several submissions (a page of the mailbox), by submission id. */
export async function priceLocksOf(db: DbOrTx, submissionIds: readonly string[]): Promise<Map<string, PriceLock>> {
  const rows = await findPriceLocks(db, submissionIds);
  return new Map(rows.map((row) => [row.submissionId, lockOf(row)]));
}
