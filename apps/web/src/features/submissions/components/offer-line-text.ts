// The words the seller reads for an itemised offer's lines (DECISIONS "The honest offer"): what a
// line is, the price it used with its source and time, and where each offer version stands. Only
// wording: the amounts come from the server as they were computed and stored.
import {
  ADMIN_PRICE_SOURCE,
  ADMIN_REFERENCE_PRICE_SOURCE,
  formatReferencePrice,
  isDemoPriceSource,
  isGemItemType,
  itemTypeLabels,
  testMethodLabels,
  type ItemType,
  type OfferLine,
  type TestMethod,
} from '@assay/domain';

/** "58.500" -> "58.5", "85.00" -> "85": a stored decimal as a person writes it. */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const unitWords: Record<string, string> = { grams: 'g', oz: 'oz', dwt: 'dwt', carats: 'ct' };

/** "6.1 g", "0.5 ct". */
export function lineWeightText(line: Pick<OfferLine, 'weight' | 'weightUnit'>): string {
  return `${trimDecimal(line.weight)} ${unitWords[line.weightUnit] ?? line.weightUnit}`;
}

/** "Gold 14K, 58.5% pure", or null on an amount-only line. */
export function lineMaterialText(line: Pick<OfferLine, 'material' | 'purityPercent'>): string | null {
  if (!line.material) return null;
  const label = itemTypeLabels[line.material as ItemType] ?? line.material;
  if (!line.purityPercent || isGemItemType(line.material)) return label;
  return `${label}, ${trimDecimal(line.purityPercent)}% pure`;
}

/** "XRF analyser", or null when the line does not say. */
export function lineTestText(line: Pick<OfferLine, 'testMethod'>): string | null {
  if (!line.testMethod) return null;
  return testMethodLabels[line.testMethod as TestMethod] ?? line.testMethod;
}

/** What a line's price is the price of: the fine metal (karat gold is priced from fine gold), or a gem's reference. */
function priceOf(material: string): string {
  if (isGemItemType(material)) return `${itemTypeLabels[material].toLowerCase()} reference`;
  if (material.startsWith('gold')) return 'fine gold';
  return `fine ${(itemTypeLabels[material as ItemType] ?? material).toLowerCase()}`;
}

/** Where a price came from, in words: the feed's own name, or who set it. */
export function priceSourceText(source: string): string {
  if (isDemoPriceSource(source)) return 'demo prices (simulated)';
  if (source === ADMIN_PRICE_SOURCE) return 'set by our appraisers';
  if (source === ADMIN_REFERENCE_PRICE_SOURCE) return 'our reference price';
  return source;
}

const utcMoment = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** "Nov 23 14:00 UTC": the time a price was taken, the same for every reader. */
export function pricedAtText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${utcMoment.format(at)} ${at.toISOString().slice(11, 16)} UTC`;
}

/** "$76.12/g fine gold, gold-api.com, Nov 23 14:00 UTC", or null on an amount-only line. */
export function linePriceText(
  line: Pick<OfferLine, 'material' | 'referencePrice' | 'referenceUnit' | 'priceSource' | 'pricedAt'>,
): string | null {
  if (!line.material || !line.referencePrice) return null;
  const unit = line.referenceUnit === 'carat' ? 'ct' : 'g';
  const parts = [`${formatReferencePrice(line.referencePrice)}/${unit} ${priceOf(line.material)}`];
  if (line.priceSource) parts.push(priceSourceText(line.priceSource));
  if (line.pricedAt) parts.push(pricedAtText(line.pricedAt));
  return parts.join(', ');
}

/** An offer version's standing as the "Earlier offers" list says it. */
export function offerStatusText(offer: { status: string; lapsed: boolean }): string {
  if (offer.status === 'open') return offer.lapsed ? 'Expired' : 'Open';
  if (offer.status === 'accepted') return 'Accepted';
  if (offer.status === 'declined') return 'Declined';
  if (offer.status === 'superseded') return 'Replaced by a newer offer';
  return offer.status;
}
