// The share of metal value (or of a gem's per-carat reference) Assay pays, per item type
// (DECISIONS "The honest offer": published payout rates). Admins edit the table; the landing page,
// the calculator, the metal-aware preliminary quote and the appraiser's offer lines all read it.
import { compareExact, multiplyExact, parseExactDecimal, roundExact, type ExactDecimal } from './exact-decimal.ts';
import { itemTypes, type ItemType } from './item-type.ts';

export interface PayoutRate {
  itemType: ItemType;
  /** Percent of metal value (gems: of the reference price), as decimal text with at most 2 decimals: "80.00". */
  minPercent: string;
  maxPercent: string;
}

/**
 * What a new installation starts with (DECISIONS' example figures): gold 80-92%, silver 70-80%,
 * platinum and palladium 75-88%, gems 50-65% of the per-carat reference.
 */
export const DEFAULT_PAYOUT_RATES: readonly PayoutRate[] = itemTypes.map((itemType) => {
  const [minPercent, maxPercent] = itemType.startsWith('gold-')
    ? ['80.00', '92.00']
    : itemType === 'silver'
      ? ['70.00', '80.00']
      : itemType === 'platinum' || itemType === 'palladium'
        ? ['75.00', '88.00']
        : ['50.00', '65.00'];
  return { itemType, minPercent, maxPercent };
});

/** A percent as Assay stores it: 0 to 100 with at most 2 decimals. Null for anything else. */
export function parsePercent(text: string): ExactDecimal | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const value = parseExactDecimal(text.trim(), 2);
  if (!value) return null;
  if (compareExact(value, { units: 0n, scale: 0 }) < 0 || compareExact(value, { units: 100n, scale: 0 }) > 0) return null;
  return value;
}

/** value x percent / 100, rounded half away from zero to whole cents. */
export function percentOfCents(valueCents: bigint, percent: string): bigint {
  const p = parsePercent(percent);
  if (!p) throw new RangeError(`A percent must be 0 to 100 with at most 2 decimals, got "${percent}".`);
  const product = multiplyExact({ units: valueCents, scale: 0 }, p);
  return roundExact({ units: product.units, scale: product.scale + 2 }, 0).units;
}

/** The band a payout rate makes of a metal (or reference) value, in cents: value x min% to value x max%. */
export function payoutBandCents(
  valueCents: bigint,
  rate: Pick<PayoutRate, 'minPercent' | 'maxPercent'>,
): { minCents: bigint; maxCents: bigint } {
  return { minCents: percentOfCents(valueCents, rate.minPercent), maxCents: percentOfCents(valueCents, rate.maxPercent) };
}

/** "80-92%" (trailing zeros dropped), as the landing page and calculator say it. */
export function formatPercentRange(rate: Pick<PayoutRate, 'minPercent' | 'maxPercent'>): string {
  const short = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
  return `${short(rate.minPercent)}-${short(rate.maxPercent)}%`;
}
