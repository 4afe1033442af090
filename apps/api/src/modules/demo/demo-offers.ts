// The demo's open offers are itemised the way an appraiser's form writes them (DECISIONS "The
// honest offer"): each line's weight, purity, how it was tested, the price used (the simulated
// feed's starting price, labelled 'simulated' like every demo price, at the moment of the offer),
// the share paid inside the published band, and the amount the rule gives. A line that is only an
// amount says why it has no value. The totals are the offers the demo shows.
import {
  ADMIN_REFERENCE_PRICE_SOURCE,
  gemReferencePricesPerCarat,
  lineReferencePrice,
  metalPricesFromSpot,
  proposedLineAmount,
  SIMULATED_PRICE_SOURCE,
  type ItemType,
  type TestMethod,
  type WeightUnit,
} from '@assay/domain';
import { simulatedStartingPrices } from '../../adapters/price-feeds/simulated.ts';
import type { NewOfferLine } from '../offers/index.ts';
import { checkedCents } from '../../lib/amounts.ts';

export interface BasisLine {
  description: string;
  material: ItemType;
  weight: string;
  weightUnit: WeightUnit;
  purityPercent: string;
  testMethod: TestMethod;
  percentPaid: string;
}

interface AmountOnlyLine {
  description: string;
  weight: string;
  weightUnit: WeightUnit;
  amount: string;
}

type DemoLine = BasisLine | AmountOnlyLine;

/** The demo submissions whose offers are itemised, by their description. */
export const demoItemisedOffers: Record<string, readonly DemoLine[]> = {
  '18k white gold engagement ring with 0.5 ct center stone': [
    {
      description: 'Ring shank and setting, stamped 750',
      material: 'gold-18k',
      weight: '3.95',
      weightUnit: 'dwt',
      purityPercent: '75',
      testMethod: 'xrf',
      percentPaid: '90',
    },
    {
      description: 'Center stone: round diamond, 0.50 ct, I1 clarity, J colour',
      material: 'diamond',
      weight: '0.5',
      weightUnit: 'carats',
      purityPercent: '100',
      testMethod: 'loupe',
      percentPaid: '50',
    },
  ],
  '10k gold class ring, 2009, blue stone': [
    {
      description: 'Class ring, stamped 10K',
      material: 'gold-10k',
      weight: '8.6',
      weightUnit: 'grams',
      purityPercent: '41.7',
      testMethod: 'acid',
      percentPaid: '88',
    },
    { description: 'Blue stone: synthetic spinel, no resale value', weight: '0.4', weightUnit: 'grams', amount: '0.00' },
  ],
};

/** The demo's prices at `pricedAt`: the simulated feed's starting prices and the gem references. */
export function demoReferenceRows(pricedAt: Date) {
  const metals = metalPricesFromSpot(simulatedStartingPrices);
  const at = pricedAt.toISOString();
  return [
    ...Object.entries(metals).map(([itemType, p]) => ({ itemType, ...p, source: SIMULATED_PRICE_SOURCE, updatedAt: at })),
    ...Object.entries(gemReferencePricesPerCarat).map(([itemType, pricePerCarat]) => ({
      itemType,
      pricePerOz: null,
      pricePerGram: null,
      pricePerCarat,
      source: ADMIN_REFERENCE_PRICE_SOURCE,
      updatedAt: at,
    })),
  ];
}

/** The stored lines and their total for a demo offer made at `offeredAt`, or null when it is one amount. */
export function demoOfferLines(description: string, offeredAt: Date): { lines: NewOfferLine[]; totalCents: number } | null {
  const planned = demoItemisedOffers[description];
  return planned ? demoBasisLines(planned, offeredAt) : null;
}

/** Planned lines priced as the offer form prices them at `offeredAt`, and their total. */
export function demoBasisLines(planned: readonly DemoLine[], offeredAt: Date): { lines: NewOfferLine[]; totalCents: number } {
  const rows = demoReferenceRows(offeredAt);
  let totalCents = 0;
  const lines = planned.map((line): NewOfferLine => {
    if (!('material' in line)) {
      const amount = checkedCents(line.amount);
      totalCents += amount;
      return { description: line.description, weight: line.weight, weightUnit: line.weightUnit, amount };
    }
    const price = lineReferencePrice(line.material, rows);
    if (!price) throw new Error(`The demo has no reference price for ${line.material}.`);
    const amount = checkedCents(proposedLineAmount({ ...price, ...line }));
    totalCents += amount;
    return {
      ...line,
      referencePrice: price.referencePrice,
      referenceUnit: price.referenceUnit,
      priceSource: price.priceSource,
      pricedAt: offeredAt,
      proposedAmount: amount,
      amount,
    };
  });
  return { lines, totalCents };
}
