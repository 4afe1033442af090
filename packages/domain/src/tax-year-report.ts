// Which sellers an accountant looks at for information returns at the end of a calendar year
// (issue 28 item 7). The IRS asks a precious-metals buyer for a 1099-B only for specific products
// sold in reportable quantities (kilo gold bars, 25 Krugerrands, Maple Leafs or Onzas, 1,000 oz
// of silver bars, ...), which an appraiser judges from the items; what software can do is gather,
// per seller, what was paid in the business's calendar year and list everyone above the amount
// the accountant sets (TAX_REPORTING_THRESHOLD), with the purchases of bullion fineness among them.
import { z } from 'zod';
import { businessDateOf } from './compliance-rules.ts';
import type { ItemType } from './item-type.ts';

/** Unset TAX_REPORTING_THRESHOLD: $600 a year, the screen most information returns start from. */
export const DEFAULT_TAX_REPORTING_THRESHOLD_CENTS = 60_000;

/** The earliest calendar year the report reads: Assay keeps no purchases before it. */
export const FIRST_TAX_YEAR = 2020;

/** One paid purchase, as the report reads it: the payout that paid it and the day it was paid. */
export interface PaidPurchase {
  userId: string;
  submissionId: string;
  /** The price of the goods (the payout's gross amount): the proceeds an information return shows. */
  grossCents: number;
  /** What reached the seller (gross - fee + any goodwill). */
  paidCents: number;
  paidAt: Date;
  /** Whether a line was of bullion fineness (isBullionFineness): a bar the appraiser judges as reportable. */
  bullion: boolean;
}

export interface SellerYearTotal {
  userId: string;
  purchases: number;
  grossCents: number;
  paidCents: number;
  bullionPurchases: number;
  firstPaidOn: string;
  lastPaidOn: string;
}

/**
 * The sellers whose purchases paid in `year` (a calendar year where the business is, as its
 * reports are) add up to at least the threshold, largest first. A payout counts in the year it
 * was paid, not the year the parcel arrived.
 */
export function sellersAboveThreshold(
  purchases: readonly PaidPurchase[],
  options: { year: number; timeZone: string; thresholdCents: number },
): SellerYearTotal[] {
  const bySeller = new Map<string, SellerYearTotal>();
  for (const purchase of purchases) {
    const paidOn = businessDateOf(purchase.paidAt, options.timeZone);
    if (Number(paidOn.slice(0, 4)) !== options.year) continue;
    const total = bySeller.get(purchase.userId) ?? {
      userId: purchase.userId,
      purchases: 0,
      grossCents: 0,
      paidCents: 0,
      bullionPurchases: 0,
      firstPaidOn: paidOn,
      lastPaidOn: paidOn,
    };
    total.purchases += 1;
    total.grossCents += purchase.grossCents;
    total.paidCents += purchase.paidCents;
    if (purchase.bullion) total.bullionPurchases += 1;
    if (paidOn < total.firstPaidOn) total.firstPaidOn = paidOn;
    if (paidOn > total.lastPaidOn) total.lastPaidOn = paidOn;
    bySeller.set(purchase.userId, total);
  }
  return [...bySeller.values()]
    .filter((total) => total.grossCents >= options.thresholdCents)
    .sort((a, b) => b.grossCents - a.grossCents || a.userId.localeCompare(b.userId));
}

/**
 * The fineness of the bars the IRS lists for a 1099-B (gold .995, silver .999, platinum and
 * palladium .9995): a line at or above it is bullion, not jewelry. Coins below it (Krugerrands are
 * 22k) are the appraiser's to judge from the description.
 */
const BULLION_FINENESS_PERCENT: Partial<Record<ItemType, number>> = {
  'gold-24k': 99.5,
  silver: 99.9,
  platinum: 99.95,
  palladium: 99.95,
};

export function isBullionFineness(material: ItemType | null, purityPercent: number | null): boolean {
  if (material === null || purityPercent === null) return false;
  const fineness = BULLION_FINENESS_PERCENT[material];
  return fineness !== undefined && purityPercent >= fineness;
}

const YEAR_SENTENCE = 'The year must be a calendar year such as 2026.';

/** The calendar year asked for (`?year=`): a whole year from FIRST_TAX_YEAR on. */
export const taxYearQuerySchema = z.object({
  year: z.coerce
    .number({ error: YEAR_SENTENCE })
    .int(YEAR_SENTENCE)
    .min(FIRST_TAX_YEAR, `The year must be ${FIRST_TAX_YEAR} or later: Assay keeps no purchases before it.`)
    .max(9999, YEAR_SENTENCE),
});

/** Why a year cannot be listed yet (one still to come, on the business's calendar), or null. */
export function taxYearProblem(year: number, now: Date, timeZone: string): string | null {
  const currentYear = Number(businessDateOf(now, timeZone).slice(0, 4));
  return year > currentYear ? 'The year must not be in the future.' : null;
}
