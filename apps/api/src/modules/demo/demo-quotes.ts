// The demo's sample submissions name what they are made of, as a careful seller would on the form,
// so their preliminary quotes are the metal-aware ones (DECISIONS "The honest offer"): the demo
// price at the time they were sent x purity x weight x the published payout rates, with the basis
// stored. The coins name nothing (American Eagles are 22k, which the form does not offer), so
// they keep SPEC 9's table, as a seller who is not sure would get.
import {
  DEFAULT_PAYOUT_RATES,
  findPricingRow,
  firstParcelValueCents,
  guaranteeFloorCents,
  meltValueCents,
  metalAwareQuote,
  parcelInsurance,
  type ItemType,
  type QuoteBasis,
  type WeightUnit,
} from '@assay/domain';
import { demoReferenceRows } from './demo-offers.ts';
import { checkedCents } from '../../lib/amounts.ts';

export const demoMaterials: Record<string, ItemType> = {
  '14k yellow gold rope chain, 22 inches, clasp intact': 'gold-14k',
  'Broken sterling silver flatware, 6 pieces': 'silver',
  'Loose round brilliant diamond with GIA report': 'diamond',
  '18k white gold engagement ring with 0.5 ct center stone': 'gold-18k',
  '10k gold class ring, 2009, blue stone': 'gold-10k',
  'Dental gold and broken 10k earrings': 'gold-10k',
  'Vintage platinum brooch with sapphires': 'platinum',
  'Sterling silver charm bracelet': 'silver',
};

export interface DemoQuote {
  material: ItemType;
  quoteBasis: QuoteBasis;
  /** Cents, as the submission's row holds them. */
  preliminaryQuoteMin: number;
  preliminaryQuoteMax: number;
  insuredValue: number | null;
  declaredValue: number | null;
  guaranteeFloor: number | null;
  guaranteeGoodwill: number | null;
}

/** The configured terms a quote is given under: the per-parcel insured limit and the guaranteed floor. */
export interface DemoQuoteTerms {
  insuredLimitCents: number;
  guarantee: { floorPercent: number; goodwillCents: number };
}

/** The metal-aware quote of a demo submission sent at `createdAt`, or null when it names no material. */
export function demoQuote(
  submission: { description: string; estimatedWeight: string; weightUnit: string; createdAt: Date },
  terms: DemoQuoteTerms | null,
): DemoQuote | null {
  const material = demoMaterials[submission.description];
  const price = material ? findPricingRow(demoReferenceRows(submission.createdAt), material) : null;
  const rate = DEFAULT_PAYOUT_RATES.find((r) => r.itemType === material);
  if (!material || !price || !rate) return null;
  const named = {
    material,
    estimatedWeight: Number(submission.estimatedWeight),
    weightUnit: submission.weightUnit as WeightUnit,
    price: { ...price, pricePerGram: price.pricePerGram ?? null, pricePerCarat: price.pricePerCarat ?? null },
  };
  const quote = metalAwareQuote({ ...named, rate });
  if (!quote) return null;
  // The same terms createSubmission gives a seller who names the material.
  const insurance =
    terms &&
    parcelInsurance({
      preliminaryQuoteMax: quote.preliminaryQuoteMax,
      meltValueCents: meltValueCents(named),
      limitCents: terms.insuredLimitCents,
    });
  const floor =
    terms &&
    guaranteeFloorCents({ material, preliminaryQuoteMin: quote.preliminaryQuoteMin, floorPercent: terms.guarantee.floorPercent });
  return {
    material,
    quoteBasis: quote.basis,
    preliminaryQuoteMin: checkedCents(quote.preliminaryQuoteMin),
    preliminaryQuoteMax: checkedCents(quote.preliminaryQuoteMax),
    insuredValue: insurance && firstParcelValueCents(insurance),
    declaredValue: insurance?.declaredValueCents ?? null,
    guaranteeFloor: floor,
    guaranteeGoodwill: floor === null || terms === null ? null : terms.guarantee.goodwillCents,
  };
}
