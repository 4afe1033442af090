// The estimate the new-submission form shows for each item of a parcel, and the parcel's total.
// The server quotes again on submit (and that quote counts); this is what the seller sees while
// still typing, by the same rules: SPEC 9's table, or the live price for a named material.
import {
  findPricingRow,
  itemTypeLabels,
  metalAwareQuote,
  preliminaryQuote,
  readWeight,
  submissionCategories,
  type ItemType,
  type MetalAwareQuote,
  type PayoutRate,
  type QuotePrice,
  type SubmissionCategory,
  type WeightUnit,
} from '@assay/domain';

/**
 * What a live quote reads: rows of GET /api/pricing and the published rates of GET
 * /api/payout-rates, handed in by the page (a feature never fetches another feature's data).
 */
export interface LiveQuoteInputs {
  rows: readonly {
    itemType: string;
    pricePerGram?: string | null;
    pricePerCarat?: string | null;
    source?: string | null;
    updatedAt?: string | null;
  }[];
  rates: readonly Pick<PayoutRate, 'itemType' | 'minPercent' | 'maxPercent'>[];
  /** The business's published terms (GET /api/business), when loaded. */
  terms?: { insuredLimitCents: number; floorPercent: number };
}

/** Today's price of a material, or null when the page has none for it (yet). */
export function livePriceOf(live: LiveQuoteInputs | undefined, material: ItemType): QuotePrice | null {
  const row = findPricingRow(live?.rows, material);
  if (row?.updatedAt == null) return null;
  return {
    pricePerGram: row.pricePerGram ?? null,
    pricePerCarat: row.pricePerCarat ?? null,
    source: row.source ?? 'live',
    updatedAt: row.updatedAt,
  };
}

/** A named material's quote from today's price and the published rate, or null without either or a weight. */
export function liveMaterialQuote(
  material: ItemType,
  estimatedWeight: number | null,
  weightUnit: WeightUnit,
  live: LiveQuoteInputs | undefined,
): MetalAwareQuote | null {
  const price = livePriceOf(live, material);
  const rate = live?.rates.find((r) => r.itemType === material);
  if (!price || !rate || estimatedWeight === null) return null;
  return metalAwareQuote({ material, estimatedWeight, weightUnit, price, rate });
}

/** An item as the form holds it (text, '' for not chosen). */
export interface ItemAsTyped {
  /** '' or null while not chosen. */
  category: string | null;
  /** '' for "I'm not sure". */
  material: string;
  estimatedWeight: string;
  weightUnit: WeightUnit;
}

/**
 * `range`: whole dollars; `live-later`: a named material the page has no live price for, quoted
 * when submitted; `incomplete`: the category or a usable weight is missing.
 */
export type ItemEstimate = { kind: 'range'; min: number; max: number } | { kind: 'live-later' } | { kind: 'incomplete' };

export const isCategory = (value: string): value is SubmissionCategory =>
  (submissionCategories as readonly string[]).includes(value);

export const isMaterial = (value: string): value is ItemType => value in itemTypeLabels;

export function itemEstimate(item: ItemAsTyped, live: LiveQuoteInputs | undefined): ItemEstimate {
  const weight = readWeight(item.estimatedWeight);
  const category = item.category ?? '';
  if (!isCategory(category) || weight === null) return { kind: 'incomplete' };
  const quote = isMaterial(item.material)
    ? liveMaterialQuote(item.material, weight, item.weightUnit, live)
    : preliminaryQuote(category, weight, item.weightUnit);
  if (!quote) return isMaterial(item.material) ? { kind: 'live-later' } : { kind: 'incomplete' };
  return { kind: 'range', min: Number(quote.preliminaryQuoteMin), max: Number(quote.preliminaryQuoteMax) };
}

/**
 * The parcel's estimate is the sum of its items' ranges (as the server's quote of a parcel is the
 * sum of its items'). `priced` of `of` items have a figure; the total is complete only when all do.
 */
export function parcelEstimate(estimates: readonly ItemEstimate[]): { min: number; max: number; priced: number; of: number } {
  let min = 0;
  let max = 0;
  let priced = 0;
  for (const estimate of estimates) {
    if (estimate.kind !== 'range') continue;
    min += estimate.min;
    max += estimate.max;
    priced += 1;
  }
  return { min, max, priced, of: estimates.length };
}
