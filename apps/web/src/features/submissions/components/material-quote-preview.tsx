import {
  carriesGuaranteeFloor,
  describeQuoteBasis,
  formatCents,
  guaranteeFloorCents,
  itemTypeLabels,
  isGemItemType,
  meltValueCents,
  parcelInsurance,
  type ItemType,
  type WeightUnit,
} from '@assay/domain';
import { formatWholeDollarAmount } from '@/lib/format';
import { liveMaterialQuote, livePriceOf, type LiveQuoteInputs } from '../lib/item-estimate';

export type { LiveQuoteInputs } from '../lib/item-estimate';

/**
 * The quote a named material will get, computed before submitting with the same rule the server
 * applies (live price x purity x weight x the published payout rate): the seller sees the figure,
 * and what it rests on, while still choosing. The server quotes again on submit, from the prices
 * of that moment, and that stored quote is the one that counts.
 */
export function MaterialQuotePreview({
  material,
  estimatedWeight,
  weightUnit,
  live,
}: {
  material: ItemType;
  estimatedWeight: number | null;
  weightUnit: WeightUnit;
  live?: LiveQuoteInputs;
}) {
  const price = livePriceOf(live, material);
  const named = price && estimatedWeight !== null ? { material, estimatedWeight, weightUnit, price } : null;
  const quote = liveMaterialQuote(material, estimatedWeight, weightUnit, live);
  const terms = live?.terms;
  // The same rules the server applies on submit: insured at full value, and the floor on a named metal.
  const insurance =
    quote && named && terms
      ? parcelInsurance({
          preliminaryQuoteMax: quote.preliminaryQuoteMax,
          meltValueCents: meltValueCents(named),
          limitCents: terms.insuredLimitCents,
        })
      : null;
  const floor =
    quote && terms && carriesGuaranteeFloor(material)
      ? guaranteeFloorCents({ material, preliminaryQuoteMin: quote.preliminaryQuoteMin, floorPercent: terms.floorPercent })
      : null;
  const parcels = insurance?.parcelValuesCents.length ?? 0;

  if (!quote) {
    return (
      <>
        <p className="mt-1 text-base font-semibold text-navy-900">Your quote will use live prices</p>
        <p className="mt-1 text-xs text-muted-foreground">
          {isGemItemType(material)
            ? `We price ${itemTypeLabels[material]} at today's reference price per carat times the weight, at our published share.`
            : `We price ${itemTypeLabels[material]} at today's live price times its purity and weight, at our published share of metal value.`}{' '}
          {estimatedWeight === null ? 'Enter the weight to see it here.' : 'You will see the quote as soon as you submit.'}
        </p>
      </>
    );
  }
  return (
    <>
      <p className="mt-1 text-2xl font-bold tabular-nums text-navy-900">
        {formatWholeDollarAmount(Number(quote.preliminaryQuoteMin))} –{' '}
        {formatWholeDollarAmount(Number(quote.preliminaryQuoteMax))}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        {describeQuoteBasis(quote.basis)}. From today&apos;s live price; we quote again from the price at the moment you submit,
        and your final offer follows our appraisal of the real weight and purity.
      </p>
      {floor !== null && (
        <p className="mt-2 text-sm text-navy-900">
          <span className="font-semibold">Guaranteed floor: {formatCents(floor)}.</span> Our offer will be at least this unless
          the weight or purity we measure differs from what you tell us.
        </p>
      )}
      {insurance && (
        <p className="mt-1 text-xs text-muted-foreground">
          Insured for what it is worth: {formatCents(insurance.declaredValueCents, { wholeDollars: true })}
          {parcels > 1 ? '.' : ' (declared to the carrier).'}
        </p>
      )}
      {insurance && parcels > 1 && terms && (
        <p role="note" className="mt-2 rounded-md border border-gold-300 bg-white px-2 py-1.5 text-sm font-medium text-navy-900">
          That is more than one parcel may be insured for ({formatCents(terms.insuredLimitCents, { wholeDollars: true })}): please
          split it into {parcels} parcels before shipping.
        </p>
      )}
    </>
  );
}
