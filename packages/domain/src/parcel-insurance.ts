// Insured at full value (issue 27 item 1): a parcel is insured for what its contents are worth, not
// for the payout band's top. A named metal is worth at least its melt value at the live price, so
// the declared value is the higher of the quote's maximum and that melt value; no insurer covers a
// parcel above the business's per-parcel limit (INSURED_LIMIT), so worth above it ships as several
// parcels, each insured up to the limit. The form shows it, the server stores it, the labels use it.
import { dollarsToCents } from './money.ts';

export interface ParcelInsurance {
  /** What the contents are worth, in cents: the higher of the quote's maximum and the melt value. */
  readonly declaredValueCents: number;
  /** Each parcel's insured value in cents, the limit for all but the last, which carries the rest. */
  readonly parcelValuesCents: readonly number[];
}

/**
 * The insurance of a submission's contents. Null when there is nothing to insure (no positive
 * quote maximum nor melt value) or the limit is not a positive whole number of cents.
 */
export function parcelInsurance(input: {
  preliminaryQuoteMax: string | null | undefined;
  meltValueCents: number | null;
  limitCents: number;
}): ParcelInsurance | null {
  const { meltValueCents, limitCents } = input;
  if (!Number.isSafeInteger(limitCents) || limitCents <= 0) return null;
  const quoteMax = input.preliminaryQuoteMax == null ? null : dollarsToCents(input.preliminaryQuoteMax);
  const declared = Math.max(quoteMax ?? 0, meltValueCents !== null && Number.isSafeInteger(meltValueCents) ? meltValueCents : 0);
  if (declared <= 0) return null;
  return { declaredValueCents: declared, parcelValuesCents: splitIntoParcels(declared, limitCents) };
}

/**
 * A declared worth split into parcels: the limit for each but the last, which carries the rest, so
 * the values add up to the worth exactly. The inbound labels are made from it, one per parcel, from
 * the declared value stored at creation. Empty when there is nothing to insure.
 */
export function splitIntoParcels(declaredValueCents: number, limitCents: number): number[] {
  if (!Number.isSafeInteger(declaredValueCents) || declaredValueCents <= 0) return [];
  if (!Number.isSafeInteger(limitCents) || limitCents <= 0) return [];
  const full = Math.floor(declaredValueCents / limitCents);
  const rest = declaredValueCents - full * limitCents;
  return [...Array<number>(full).fill(limitCents), ...(rest > 0 ? [rest] : [])];
}

/** The insured value of the first (or only) parcel, as a label declares it. */
export function firstParcelValueCents(insurance: ParcelInsurance): number {
  return insurance.parcelValuesCents[0] ?? 0;
}

/** How many parcels a declared worth needs under the limit (1 for a worth at or below it). */
export function parcelCount(declaredValueCents: number, limitCents: number): number {
  if (declaredValueCents <= 0 || limitCents <= 0) return 1;
  return Math.ceil(declaredValueCents / limitCents);
}

/**
 * What a return parcel is insured for, by the inbound rule: the declared worth stored at creation
 * (the higher of the quote's maximum and the named metal's melt value), never less than the quote's
 * maximum nor the offer we made for it, capped by the per-parcel limit. Null when nothing is
 * positive: such a parcel cannot be insured, so no label is made.
 */
export function returnInsuredValueCents(input: {
  declaredValueCents: number | null | undefined;
  preliminaryQuoteMax: string | null | undefined;
  finalOffer: string | null | undefined;
  limitCents: number;
}): number | null {
  const { limitCents } = input;
  if (!Number.isSafeInteger(limitCents) || limitCents <= 0) return null;
  const declared = Number.isSafeInteger(input.declaredValueCents) ? (input.declaredValueCents as number) : 0;
  const amounts = [input.preliminaryQuoteMax, input.finalOffer].map((value) =>
    value == null ? 0 : (dollarsToCents(value) ?? 0),
  );
  const worth = Math.max(declared, ...amounts);
  return worth > 0 ? Math.min(worth, limitCents) : null;
}
