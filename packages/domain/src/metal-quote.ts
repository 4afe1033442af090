// The metal-aware preliminary quote (DECISIONS "The honest offer", decision 019): when the seller
// names what the item is made of, the quote is live price x purity x weight x the payout-rate band
// instead of SPEC 9's table. Pure: the server quotes and stores it, the form previews it, and the
// card and detail page describe its basis, all with these functions.
import {
  compareExact,
  exactDecimalFromNumber,
  formatExact,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  roundExactToInteger,
  type ExactDecimal,
} from './exact-decimal.ts';
import { karatPurities } from './karat.ts';
import { isGemItemType, isGoldItemType, itemTypeLabels, type ItemType } from './item-type.ts';
import type { QuoteBasis, ReferencePriceUnit } from './offer-vocabulary.ts';
import { formatPercentRange, parsePercent, type PayoutRate } from './payout-rates.ts';
import type { PreliminaryQuote } from './preliminary-quote.ts';
import type { SubmissionCategory } from './submission-category.ts';
import { toCaratsExact, toGramsExact, validateCalculatorWeight, type WeightUnit } from './weight.ts';

/**
 * The fine content assumed for a metal the seller names without a fineness (decision 019): the
 * usual jewelry alloys. The price feed quotes these metals fine (.999), so the quote applies this.
 */
export const assumedMetalPurities = {
  silver: '0.925',
  platinum: '0.950',
  palladium: '0.950',
} as const satisfies Partial<Record<ItemType, string>>;

/**
 * The purity a quote records for a material: a karat's fineness (already inside its price row,
 * recorded for display), the assumed alloy of silver, platinum and palladium, "1" for a gem.
 */
export function materialPurity(material: ItemType): string {
  if (isGoldItemType(material)) return karatPurities[material];
  if (isGemItemType(material)) return '1';
  return assumedMetalPurities[material as keyof typeof assumedMetalPurities];
}

/** Whether the purity is applied to the row's price (true) or already in it (karat golds, gems). */
function purityApplied(material: ItemType): boolean {
  return !isGoldItemType(material) && !isGemItemType(material);
}

export const metalQuoteMessages = {
  gemInMetalCategory: (material: ItemType) =>
    `${itemTypeLabels[material]} is a gem: we quote it as a loose gem. Please choose "Loose Gems", or name the metal of the piece.`,
  metalInGemCategory: (material: ItemType) =>
    `A loose gem cannot be made of ${itemTypeLabels[material]}. Please choose a gem, or the category "Jewelry" or "Coins/Scrap".`,
} as const;

/**
 * Null when a material fits the category, else the sentence that says why not: a gem material is
 * a loose gem (priced per carat of the whole weight), a metal is jewelry or coins/scrap. Any unit
 * works: weights convert with SPEC 9's factors.
 */
export function materialCategoryProblem(category: SubmissionCategory, material: ItemType): string | null {
  if (isGemItemType(material)) return category === 'gems' ? null : metalQuoteMessages.gemInMetalCategory(material);
  return category === 'gems' ? metalQuoteMessages.metalInGemCategory(material) : null;
}

/** The parts of a pricing row (GET /api/pricing) a quote reads. */
export interface QuotePrice {
  readonly pricePerGram: string | null;
  readonly pricePerCarat: string | null;
  readonly source: string;
  /** ISO time of the price. */
  readonly updatedAt: string;
}

export interface MetalAwareQuote extends PreliminaryQuote {
  readonly basis: QuoteBasis;
}

function positivePrice(text: string | null): ExactDecimal | null {
  const value = text === null ? null : parseExactDecimal(text);
  return value && value.units > 0n ? value : null;
}

/** price x weight (grams for metals, carats for gems) x purity where the row's price is fine metal. */
function materialValue(
  material: ItemType,
  weight: ExactDecimal,
  weightUnit: WeightUnit,
  referencePrice: ExactDecimal,
  purity: ExactDecimal,
): ExactDecimal {
  const quantity = isGemItemType(material) ? toCaratsExact(weight, weightUnit) : toGramsExact(weight, weightUnit);
  const value = multiplyExact(referencePrice, quantity);
  return purityApplied(material) ? multiplyExact(value, purity) : value;
}

/**
 * What the named item is worth at the live price before any payout rate, in cents (rounded half
 * away from zero): its melt value for a metal, its gem value for a gem. Null when the weight is
 * not usable or the row has no positive price in the unit needed.
 */
export function meltValueCents(input: {
  material: ItemType;
  estimatedWeight: number;
  weightUnit: WeightUnit;
  price: QuotePrice;
}): number | null {
  const { material, estimatedWeight, weightUnit, price } = input;
  if (validateCalculatorWeight(estimatedWeight, weightUnit) !== null) return null;
  const weight = exactDecimalFromNumber(estimatedWeight);
  const referencePrice = positivePrice(isGemItemType(material) ? price.pricePerCarat : price.pricePerGram);
  const purity = parseExactDecimal(materialPurity(material));
  if (!weight || !referencePrice || !purity) return null;
  const value = materialValue(material, weight, weightUnit, referencePrice, purity);
  const cents = roundExactToInteger(multiplyExact(value, { units: 100n, scale: 0 }));
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}

/**
 * The quote from a live price: the metal (or gem) value is price x purity x weight (grams for
 * metals, carats for gems), and the quote runs from min% to max% of it, each end rounded half
 * away from zero to whole dollars (like SPEC 9's). Null when the weight is not usable or the row
 * has no positive price in the unit needed (the caller then falls back to SPEC 9's table).
 */
export function metalAwareQuote(input: {
  material: ItemType;
  estimatedWeight: number;
  weightUnit: WeightUnit;
  price: QuotePrice;
  rate: Pick<PayoutRate, 'minPercent' | 'maxPercent'>;
}): MetalAwareQuote | null {
  const { material, estimatedWeight, weightUnit, price, rate } = input;
  if (validateCalculatorWeight(estimatedWeight, weightUnit) !== null) return null;
  const weight = exactDecimalFromNumber(estimatedWeight);
  const gem = isGemItemType(material);
  const referenceUnit: ReferencePriceUnit = gem ? 'carat' : 'gram';
  const referencePrice = positivePrice(gem ? price.pricePerCarat : price.pricePerGram);
  const purity = parseExactDecimal(materialPurity(material));
  const [minPercent, maxPercent] = [parsePercent(rate.minPercent), parsePercent(rate.maxPercent)];
  if (!weight || !referencePrice || !purity || !minPercent || !maxPercent) return null;

  const value = materialValue(material, weight, weightUnit, referencePrice, purity);
  const end = (percent: ExactDecimal) => {
    const product = multiplyExact(value, percent);
    // percent / 100: two more decimal places.
    return roundExactToInteger({ units: product.units, scale: product.scale + 2 }).toString();
  };
  return {
    preliminaryQuoteMin: end(minPercent),
    preliminaryQuoteMax: end(maxPercent),
    basis: {
      material,
      weight: formatExact(weight),
      weightUnit,
      purity: materialPurity(material),
      referencePrice: formatExact(referencePrice),
      referenceUnit,
      priceSource: price.source,
      pricedAt: price.updatedAt,
      minPercent: rate.minPercent,
      maxPercent: rate.maxPercent,
    },
  };
}

function trimZeros(text: string, keep: number): string {
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = fraction;
  while (digits.length > keep && digits.endsWith('0')) digits = digits.slice(0, -1);
  return digits ? `${whole}.${digits}` : whole;
}

/** "61.2345" -> "$61.23"; a price under $10 keeps up to 4 decimals ("$0.9512"), so silver still says something. */
export function formatReferencePrice(price: string): string {
  const value = parseExactDecimal(price);
  if (!value) return `$${price}`;
  const small = compareExact(value, { units: 10n, scale: 0 }) < 0;
  const text = trimZeros(formatExact(roundExact(value, small ? 4 : 2)), 2);
  const [whole = '0', fraction] = text.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '.00' : `.${fraction.padEnd(2, '0')}`}`;
}

/**
 * The basis in one line, as the card and detail page show it: "Gold 14K at $45.12/g, we pay
 * 80-92%"; an assumed alloy is named ("Silver (92.5% assumed) at $0.9512/g, we pay 70-80%").
 */
export function describeQuoteBasis(basis: QuoteBasis): string {
  const label = itemTypeLabels[basis.material] ?? basis.material;
  const assumed = purityApplied(basis.material) ? ` (${percentText(basis.purity)} assumed)` : '';
  const unit = basis.referenceUnit === 'carat' ? 'ct' : 'g';
  return `${label}${assumed} at ${formatReferencePrice(basis.referencePrice)}/${unit}, we pay ${formatPercentRange(basis)}`;
}

/** "0.925" -> "92.5%". */
function percentText(fraction: string): string {
  const value = parseExactDecimal(fraction);
  if (!value) return fraction;
  return `${trimZeros(formatExact(multiplyExact(value, { units: 100n, scale: 0 })), 0)}%`;
}
