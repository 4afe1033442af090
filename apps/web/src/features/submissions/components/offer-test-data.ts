// Itemised offers as GET /api/submissions/{id} sends them, for the offer and counter-offer tests.
import { offerViewSchema, type OfferLine, type OfferView, type SubmissionItem } from '@assay/domain';
import { anItem as parcelItem, unpriced } from '@/testing/parcel-items';

const HOUR = 3_600_000;
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
export const IN_THREE_DAYS = 72 * HOUR;

/** 14k ring: 6.1 g at $76.1234/g fine gold x 58.5% x 85% = $230.90, kept as proposed. */
export const ringLine: OfferLine = {
  position: 1,
  item: 1,
  description: '14k ring, stamped 585',
  material: 'gold-14k',
  weight: '6.1000',
  weightUnit: 'grams',
  purityPercent: '58.500',
  testMethod: 'xrf',
  referencePrice: '76.1234',
  referenceUnit: 'gram',
  priceSource: 'gold-api.com',
  pricedAt: '2030-11-23T14:00:00.000Z',
  percentPaid: '85.00',
  proposedAmount: '230.90',
  amount: '230.90',
  reason: null,
};

/** A silver chain whose amount the appraiser lowered, with the reason. */
export const chainLine: OfferLine = {
  position: 2,
  item: 1,
  description: 'Silver chain',
  material: 'silver',
  weight: '20.0000',
  weightUnit: 'grams',
  purityPercent: '92.500',
  testMethod: 'acid',
  referencePrice: '0.9512',
  referenceUnit: 'gram',
  priceSource: 'gold-api.com',
  pricedAt: '2030-11-23T14:05:00.000Z',
  percentPaid: '75.00',
  proposedAmount: '13.20',
  amount: '10.00',
  reason: 'The clasp is plated base metal.',
};

/** SPEC's one-number offer: only an amount. */
export const amountOnlyLine: OfferLine = {
  position: 1,
  item: 1,
  description: 'Appraised lot',
  material: null,
  weight: '9.5000',
  weightUnit: 'grams',
  purityPercent: null,
  testMethod: null,
  referencePrice: null,
  referenceUnit: null,
  priceSource: null,
  pricedAt: null,
  percentPaid: null,
  proposedAmount: null,
  amount: '300.00',
  reason: null,
};

export function anOffer(overrides: Partial<OfferView> = {}): OfferView {
  return offerViewSchema.parse({
    id: 'off_0000000000000000000002',
    version: 1,
    status: 'open',
    total: '240.90',
    offeredAt: '2030-11-23T14:10:00.000Z',
    validUntil: inMs(IN_THREE_DAYS),
    lapsed: false,
    lines: [ringLine, chainLine],
    counter: null,
    ...overrides,
  });
}

/** An item of the parcel as the submission's answer lists it (issue 27 item 5). */
export function anItem(position: number, description: string, overrides: Partial<SubmissionItem> = {}): SubmissionItem {
  return parcelItem({ position, description, estimatedWeight: 10, ...unpriced, ...overrides });
}

/** Three items in one parcel: a ring with stones to return, a chain and three coins. */
export const threeItems = [
  anItem(1, '14k ring, stamped 585', { stoneChoice: 'return-stones' }),
  anItem(2, 'Silver chain'),
  anItem(3, 'Three silver coins', { category: 'coins' }),
];

/** The coins, priced on one amount-only line. */
export const coinsLine: OfferLine = {
  ...amountOnlyLine,
  position: 3,
  item: 3,
  description: 'Three silver coins',
  amount: '60.00',
};

/** An offer over the three items: $230.90 + $10.00 + $60.00. */
export function anItemsOffer(overrides: Partial<OfferView> = {}): OfferView {
  return anOffer({
    total: '300.90',
    lines: [{ ...ringLine, item: 1 }, { ...chainLine, item: 2 }, coinsLine],
    ...overrides,
  });
}
