// The price lock (issue 27): when the carrier first scans a seller's parcel, the spot prices of that
// moment are locked for LOCK_DAYS. Metal moves while the parcel travels and waits on the bench; the
// seller, who can no longer take the item elsewhere, gets the better of the locked and the current
// price on every metal line of the offer. The lock never lowers a price: it only lifts one.
import type { AuditChanges } from './audit-actions.ts';
import { utcShortDate } from './day-formats.ts';
import { compareExact, parseExactDecimal } from './exact-decimal.ts';
import { itemTypeLabels, type ItemType } from './item-type.ts';
import { formatReferencePrice } from './metal-quote.ts';
import { type LivePriceRow, lineReferencePrice } from './offer-lines.ts';
import type { TrackingStatus } from './parcel-tracking.ts';
import { feedMetals, isMetalItemType, metalPricesFromSpot, spotPriceFromFeed, type SpotPrices } from './price-rules.ts';

export const DEFAULT_LOCK_DAYS = 7;
export const MAX_LOCK_DAYS = 60;

/** The source a line names when its reference price is the locked one. */
export const PRICE_LOCK_SOURCE = 'price-lock';

export interface PriceLock {
  lockedAt: Date;
  lockedUntil: Date;
  /** Fine metal, USD per troy ounce, as quoted when the parcel was first scanned. */
  spot: SpotPrices;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function priceLockUntil(lockedAt: Date, lockDays: number = DEFAULT_LOCK_DAYS): Date {
  return new Date(lockedAt.getTime() + lockDays * DAY_MS);
}

/** In force from the scan until (not at) its end. */
export function isPriceLockInForce(lock: Pick<PriceLock, 'lockedAt' | 'lockedUntil'> | null, at: Date): boolean {
  return lock !== null && at.getTime() >= lock.lockedAt.getTime() && at.getTime() < lock.lockedUntil.getTime();
}

/** The lock's prices as price rows, in the shape the appraiser's form and the offer check read. */
export function lockedPriceRows(lock: PriceLock): LivePriceRow[] {
  const derived = metalPricesFromSpot(lock.spot);
  return Object.entries(derived).map(([itemType, prices]) => ({
    itemType,
    pricePerOz: prices.pricePerOz,
    pricePerGram: prices.pricePerGram,
    pricePerCarat: null,
    source: PRICE_LOCK_SOURCE,
    updatedAt: lock.lockedAt.toISOString(),
  }));
}

const perGram = (row: LivePriceRow | undefined) => (row?.pricePerGram ? parseExactDecimal(row.pricePerGram) : null);

/**
 * The rows a seller's offer is priced from: each metal row at the higher of the live and the locked
 * price while the lock is in force; gems (priced by the appraisers, not the market) as they are.
 */
export function sellersPriceRows(live: readonly LivePriceRow[], lock: PriceLock | null, at: Date): LivePriceRow[] {
  if (!lock || !isPriceLockInForce(lock, at)) return [...live];
  const locked = lockedPriceRows(lock);
  const rows = live.map((row) => {
    if (!isMetalItemType(row.itemType)) return row;
    const lockedRow = locked.find((l) => l.itemType === row.itemType);
    const livePrice = perGram(row);
    const lockedPrice = perGram(lockedRow);
    if (!lockedRow || !lockedPrice) return row;
    return !livePrice || compareExact(lockedPrice, livePrice) > 0 ? lockedRow : row;
  });
  // A metal the live table lacks (a feed outage at start) is still priced from the lock.
  for (const lockedRow of locked) if (!rows.some((r) => r.itemType === lockedRow.itemType)) rows.push(lockedRow);
  return rows;
}

export interface PricedLine {
  material: string;
  referencePrice: string;
  referenceUnit: string;
}

/**
 * Why an itemised offer's metal line may not be sent: it is priced below the locked price while
 * the lock is in force. Null when every line is at or above it (or there is no lock in force).
 */
export function priceLockProblem(lines: readonly PricedLine[], lock: PriceLock | null, at: Date): string | null {
  if (!lock || !isPriceLockInForce(lock, at)) return null;
  const locked = lockedPriceRows(lock);
  for (const [index, line] of lines.entries()) {
    if (!isMetalItemType(line.material) || line.referenceUnit !== 'gram') continue;
    const floor = lineReferencePrice(line.material, locked);
    const floorPrice = floor && parseExactDecimal(floor.referencePrice);
    const price = parseExactDecimal(line.referencePrice);
    if (!floor || !floorPrice || !price || compareExact(price, floorPrice) >= 0) continue;
    const label = itemTypeLabels[line.material as ItemType] ?? line.material;
    return (
      `Line ${index + 1}: this parcel's prices are locked until ${utcShortDate(lock.lockedUntil)}, ` +
      `so ${label} is priced at least at ${formatReferencePrice(floor.referencePrice)}/g (locked on ${utcShortDate(lock.lockedAt)}).`
    );
  }
  return null;
}

const metalNames: Record<keyof SpotPrices, string> = {
  gold: 'Gold',
  silver: 'Silver',
  platinum: 'Platinum',
  palladium: 'Palladium',
};

/** "Gold $2,645.10/oz, Silver $31.20/oz, Platinum $980.00/oz, Palladium $1,010.00/oz" */
export function priceLockPrices(spot: SpotPrices): string {
  return feedMetals.map((metal) => `${metalNames[metal]} ${formatReferencePrice(spot[metal])}/oz`).join(', ');
}

/** The sentence the seller's timeline and the appraiser's card carry. */
export function priceLockSentence(lock: PriceLock): string {
  return (
    `Prices locked on ${utcShortDate(lock.lockedAt)} until ${utcShortDate(lock.lockedUntil)}: ${priceLockPrices(lock.spot)}. ` +
    'Your offer uses the locked price or the price of the day, whichever is higher.'
  );
}

/** The tracking states that mean the carrier has the parcel in hand: its first one locks the prices. */
const scanStatuses: ReadonlySet<TrackingStatus> = new Set(['in_transit', 'out_for_delivery', 'delivered']);

export function isCarrierScan(status: TrackingStatus): boolean {
  return scanStatuses.has(status);
}

/** A lock as the API and the audit log carry it: its times as ISO text. */
export interface PriceLockDto {
  lockedAt: string;
  lockedUntil: string;
  spot: SpotPrices;
}

export function priceLockDto(lock: PriceLock): PriceLockDto {
  return { lockedAt: lock.lockedAt.toISOString(), lockedUntil: lock.lockedUntil.toISOString(), spot: { ...lock.spot } };
}

/** A lock read back from the API or the audit log; null when there is none, or not one that reads back whole. */
export function readPriceLock(dto: unknown): PriceLock | null {
  if (!dto || typeof dto !== 'object') return null;
  const { lockedAt: at, lockedUntil: until, spot: recorded } = dto as Partial<PriceLockDto>;
  const lockedAt = new Date(at ?? '');
  const lockedUntil = new Date(until ?? '');
  if (Number.isNaN(lockedAt.getTime()) || Number.isNaN(lockedUntil.getTime())) return null;
  const spot = {} as SpotPrices;
  for (const metal of feedMetals) {
    const price = spotPriceFromFeed(recorded?.[metal]);
    if (!price) return null;
    spot[metal] = price;
  }
  return { lockedAt, lockedUntil, spot };
}

/** What the audit entry of a new lock records. */
export function priceLockChanges(lock: PriceLock): Required<Pick<AuditChanges, 'priceLock'>> {
  return { priceLock: priceLockDto(lock) };
}

/** The lock an audit entry recorded, or null. */
export function priceLockFromChanges(changes: unknown): PriceLock | null {
  return readPriceLock((changes as AuditChanges | null | undefined)?.priceLock);
}
