// The landing page's instant quote (SPEC 9 "Calculator value"). It is an estimate people act on,
// so it is computed exactly from the decimal prices and rounded once, to whole dollars, and it
// refuses to show anything rather than show $0 when a price or the weight is missing.
import { conditionBands, type Condition } from './condition.ts';
import { multiplyExact, parseExactDecimal, roundExactToInteger, toExactDecimal, type ExactDecimal } from './exact-decimal.ts';
import { isGemItemType, type ItemType } from './item-type.ts';
import { isWeightUnit, readWeight, toCaratsExact, toGramsExact, validateCalculatorWeight, type WeightUnit } from './weight.ts';

/** The part of a pricing row the calculator reads (prices as decimal strings, SPEC 3). */
export interface QuotePricing {
  readonly pricePerGram?: string | number | null;
  readonly pricePerCarat?: string | number | null;
}

export interface CalculateQuoteInput {
  readonly pricing: QuotePricing | null | undefined;
  readonly itemType: ItemType;
  readonly weight: number | string | null | undefined;
  readonly unit: WeightUnit;
  readonly condition: Condition;
}

export interface QuoteResult {
  /** Whole dollars. */
  readonly base: number;
  /** Whole dollars. */
  readonly min: number;
  /** Whole dollars. */
  readonly max: number;
  /** The condition's band as shown on the page ('±5%'). */
  readonly band: string;
  /** Which price was used: per carat (gems that have one) or per gram. */
  readonly pricedBy: 'carat' | 'gram';
}

/** A usable price is a finite number above zero (DECISIONS: zero or missing never quotes). */
function positivePrice(price: string | number | null | undefined): ExactDecimal | null {
  if (price === null || price === undefined) return null;
  const value = toExactDecimal(price);
  return value && value.units > 0n ? value : null;
}

function wholeDollars(value: ExactDecimal): number {
  return Number(roundExactToInteger(value));
}

/**
 * Min, base and max in whole dollars, or null when the calculator must do nothing: no pricing
 * row, a weight that is missing, zero, negative, not finite or over MAX_WEIGHT_GRAMS, or no
 * positive price for the item.
 *
 * Gems use the per-carat price when there is one: the weight is counted in carats (a weight in
 * another unit is converted through grams, 1 g = 5 ct). Otherwise (metals, or a gem without a
 * per-carat price) the weight is converted to grams and multiplied by the per-gram price.
 * All three figures are rounded half away from zero from the exact, unrounded base value.
 */
export function calculateQuote(input: CalculateQuoteInput): QuoteResult | null {
  const { pricing, itemType, weight, unit, condition } = input;
  const band = (conditionBands as Partial<Record<string, (typeof conditionBands)[Condition]>>)[condition];
  if (!pricing || !band || !isWeightUnit(unit) || validateCalculatorWeight(weight, unit) !== null) return null;
  const weightValue = readWeight(weight);
  const exactWeight = weightValue === null ? null : toExactDecimal(weightValue);
  if (!exactWeight) return null;

  const perCarat = isGemItemType(itemType) ? positivePrice(pricing.pricePerCarat) : null;
  const perGram = positivePrice(pricing.pricePerGram);
  let base: ExactDecimal;
  let pricedBy: QuoteResult['pricedBy'];
  if (perCarat) {
    base = multiplyExact(toCaratsExact(exactWeight, unit), perCarat);
    pricedBy = 'carat';
  } else if (perGram) {
    base = multiplyExact(toGramsExact(exactWeight, unit), perGram);
    pricedBy = 'gram';
  } else {
    return null;
  }

  const low = parseExactDecimal(band.low);
  const high = parseExactDecimal(band.high);
  if (!low || !high) return null;
  return {
    base: wholeDollars(base),
    min: wholeDollars(multiplyExact(base, low)),
    max: wholeDollars(multiplyExact(base, high)),
    band: band.label,
    pricedBy,
  };
}
