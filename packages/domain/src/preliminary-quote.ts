// The range a client sees right after submitting, before anyone has handled the item (SPEC 9
// "Preliminary quote"). The server computes and stores it (DECISIONS: browser numbers are never
// trusted), the browser previews it; both call this so the two always agree.
import { exactDecimalFromNumber, multiplyExact, parseExactDecimal, roundExactToInteger } from './exact-decimal.ts';
import { dollarsToCents } from './money.ts';
import type { SubmissionCategory } from './submission-category.ts';
import { validateCalculatorWeight, type WeightUnit } from './weight.ts';

/** Dollars per unit of estimated weight; `other` covers every unit not named in the row. */
export const PRELIMINARY_RATES: Record<SubmissionCategory, Readonly<Partial<Record<WeightUnit, number>> & { other: number }>> = {
  scrap: { grams: 35, oz: 1100, other: 22 },
  gems: { carats: 3000, other: 1500 },
  jewelry: { grams: 45, oz: 1400, other: 28 },
};

/** Rate for a category outside the table. */
export const PRELIMINARY_FALLBACK_RATE = 30;
/** The range runs from 80% to 120% of weight × rate. */
export const PRELIMINARY_RANGE_LOW = '0.8';
export const PRELIMINARY_RANGE_HIGH = '1.2';

export function preliminaryRate(category: string, unit: string): number {
  const row = (PRELIMINARY_RATES as Partial<Record<string, Partial<Record<string, number>> & { other: number }>>)[category];
  if (!row) return PRELIMINARY_FALLBACK_RATE;
  return row[unit] ?? row.other;
}

export interface PreliminaryQuote {
  /** Whole dollars as a decimal string ("280"). */
  readonly preliminaryQuoteMin: string;
  /** Whole dollars as a decimal string ("420"). */
  readonly preliminaryQuoteMax: string;
}

/**
 * 80%-120% of weight × rate, each end rounded half away from zero to whole dollars.
 * Null when the weight is not usable (see validateCalculatorWeight).
 */
export function preliminaryQuote(category: string, estimatedWeight: number, unit: WeightUnit): PreliminaryQuote | null {
  if (validateCalculatorWeight(estimatedWeight, unit) !== null) return null;
  const weight = exactDecimalFromNumber(estimatedWeight);
  const low = parseExactDecimal(PRELIMINARY_RANGE_LOW);
  const high = parseExactDecimal(PRELIMINARY_RANGE_HIGH);
  if (!weight || !low || !high) return null;
  const value = multiplyExact(weight, { units: BigInt(preliminaryRate(category, unit)), scale: 0 });
  return {
    preliminaryQuoteMin: roundExactToInteger(multiplyExact(value, low)).toString(),
    preliminaryQuoteMax: roundExactToInteger(multiplyExact(value, high)).toString(),
  };
}

function estimateCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return dollarsToCents(String(value));
}

/**
 * Cents of both ends of a stored preliminary quote, or null when either is missing or not a
 * non-negative dollar amount with at most 2 decimals.
 */
export function preliminaryQuoteCents(
  min: string | number | null | undefined,
  max: string | number | null | undefined,
): { readonly minCents: number; readonly maxCents: number } | null {
  const minCents = estimateCents(min);
  const maxCents = estimateCents(max);
  return minCents === null || maxCents === null ? null : { minCents, maxCents };
}

/**
 * The estimate a final offer is compared with (DECISIONS: "the midpoint of the preliminary
 * quote"), in cents, rounded half up to the cent. Null when the quote is missing or invalid.
 */
export function estimateMidpoint(
  min: string | number | null | undefined,
  max: string | number | null | undefined,
): number | null {
  const quote = preliminaryQuoteCents(min, max);
  if (!quote) return null;
  const sum = quote.minCents + quote.maxCents;
  return Math.floor(sum / 2) + (sum % 2);
}
