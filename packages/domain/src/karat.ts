// The price feed quotes fine gold only; karat golds are derived from it by purity (DECISIONS
// "Prices"), so the server and any display agree on the same factors and the same rounding.
import { divideExact, formatExact, multiplyExact, parseExactDecimal, roundExact, type ExactDecimal } from './exact-decimal.ts';
import type { GoldItemType } from './item-type.ts';
import { gramsPerUnitText } from './weight.ts';

/** Fineness of each karat as decimal text (DECISIONS: 24k .999, 18k .750, 14k .585, 10k .417; 22k .9167, 22/24, issue 27 item 1). */
export const karatPurities: Record<GoldItemType, string> = {
  'gold-24k': '0.999',
  'gold-22k': '0.9167',
  'gold-18k': '0.750',
  'gold-14k': '0.585',
  'gold-10k': '0.417',
};

/** Prices are stored with 4 decimals (SPEC 3 decimal strings). */
export const PRICE_SCALE = 4;

function parsePrice(price: string): ExactDecimal {
  const value = parseExactDecimal(price);
  if (!value || value.units < 0n) throw new RangeError(`A price must be a non-negative decimal string, got "${price}".`);
  return value;
}

/**
 * Price of a karat gold from the fine-gold price in the same unit (per gram, per oz...),
 * rounded half away from zero to 4 decimals: ("100", "gold-14k") -> "58.5000".
 * Throws RangeError for a price that is not a non-negative decimal string.
 */
export function derivedKaratPrice(fineGoldPrice: string, itemType: GoldItemType): string {
  const purity = parsePrice(karatPurities[itemType]);
  return formatExact(roundExact(multiplyExact(parsePrice(fineGoldPrice), purity), PRICE_SCALE));
}

/** derivedKaratPrice for a per-gram fine-gold price. */
export function derivedKaratPricePerGram(goldPerGram: string, itemType: GoldItemType): string {
  return derivedKaratPrice(goldPerGram, itemType);
}

/** derivedKaratPrice for a per-troy-ounce fine-gold price. */
export function derivedKaratPricePerOz(goldPerOz: string, itemType: GoldItemType): string {
  return derivedKaratPrice(goldPerOz, itemType);
}

/** Per-gram price from a per-troy-ounce price (÷ 31.1035), 4 decimals: "3110.35" -> "100.0000". */
export function pricePerGramFromPerOz(pricePerOz: string): string {
  return formatExact(divideExact(parsePrice(pricePerOz), parsePrice(gramsPerUnitText.oz), PRICE_SCALE));
}

/** Per-ounce price from a per-gram price (× 31.1035), 4 decimals. */
export function pricePerOzFromPerGram(pricePerGram: string): string {
  return formatExact(roundExact(multiplyExact(parsePrice(pricePerGram), parsePrice(gramsPerUnitText.oz)), PRICE_SCALE));
}
