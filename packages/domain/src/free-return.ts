// The landing page promises free return shipping when our final offer is 20% or more below the
// estimate (DECISIONS: the estimate is the preliminary quote's midpoint). The return label and
// the decline screen both ask this question, so it is answered in one place.
import { preliminaryQuoteCents } from './preliminary-quote.ts';

/** 20%: an offer at or below 80% of the estimate midpoint qualifies. */
export const FREE_RETURN_SHORTFALL_PERCENT = 20;

/**
 * True when finalOffer <= 80% × (min + max) / 2, compared exactly in integer arithmetic.
 * False when the preliminary quote is missing or invalid, or the offer is not whole cents.
 */
export function qualifiesForFreeReturn(
  finalOfferCents: number,
  preliminaryMin: string | number | null | undefined,
  preliminaryMax: string | number | null | undefined,
): boolean {
  if (!Number.isSafeInteger(finalOfferCents) || finalOfferCents < 0) return false;
  const quote = preliminaryQuoteCents(preliminaryMin, preliminaryMax);
  if (!quote) return false;
  // offer <= (1 - 20/100) × (min + max) / 2  <=>  200 × offer <= (100 - 20) × (min + max)
  return BigInt(finalOfferCents) * 200n <= BigInt(100 - FREE_RETURN_SHORTFALL_PERCENT) * BigInt(quote.minCents + quote.maxCents);
}
