// The words of the itemised offer (DECISIONS "The honest offer"), shared by the database's CHECK
// constraints, the API contracts and the pages: how a line was tested, where an offer version
// stands, and where a seller's counter-offer stands. The rules over them live beside (offer-*.ts).
import type { ItemType } from './item-type.ts';
import type { WeightUnit } from './weight.ts';

/** How the appraiser established a line's purity. */
export const testMethods = ['scale', 'xrf', 'acid', 'electronic-tester', 'fire-assay', 'loupe', 'lab-report'] as const;
export type TestMethod = (typeof testMethods)[number];
export const testMethodLabels: Record<TestMethod, string> = {
  scale: 'Scale',
  xrf: 'XRF analyser',
  acid: 'Acid test',
  'electronic-tester': 'Electronic tester',
  'fire-assay': 'Fire assay',
  loupe: 'Loupe',
  'lab-report': 'Lab report',
};

/**
 * An offer version's standing. A lapsed offer is an open one past its validUntil (derived, never
 * stored, so no job has to run at the instant it lapses); a re-issue supersedes it.
 */
export const offerStatuses = ['open', 'accepted', 'declined', 'superseded'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** A seller's counter-offer: waiting for the appraiser, taken as the offer, or answered by a new offer. */
export const counterOfferStatuses = ['open', 'accepted', 'answered'] as const;
export type CounterOfferStatus = (typeof counterOfferStatuses)[number];

/** Whether a price is per gram (metals) or per carat (gems). */
export const referencePriceUnits = ['gram', 'carat'] as const;
export type ReferencePriceUnit = (typeof referencePriceUnits)[number];

/**
 * The prices a metal-aware preliminary quote was computed from, stored with the submission so the
 * seller (and the appraiser later) can see exactly what it rested on.
 */
export interface QuoteBasis {
  material: ItemType;
  weight: string;
  weightUnit: WeightUnit;
  /** Fine content as a fraction ("0.585"); "1" for gems, priced by the carat. */
  purity: string;
  referencePrice: string;
  referenceUnit: ReferencePriceUnit;
  priceSource: string;
  /** ISO time of the price used. */
  pricedAt: string;
  minPercent: string;
  maxPercent: string;
}
