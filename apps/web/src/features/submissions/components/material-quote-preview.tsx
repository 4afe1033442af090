import {
  describeQuoteBasis,
  findPricingRow,
  itemTypeLabels,
  isGemItemType,
  metalAwareQuote,
  type ItemType,
  type PayoutRate,
  type WeightUnit,
} from '@assay/domain';
import { formatWholeDollarAmount } from '@/lib/format';

/**
 * What the preview reads: rows of GET /api/pricing and the published rates of GET
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
}

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
  const row = findPricingRow(live?.rows, material);
  const rate = live?.rates.find((r) => r.itemType === material);
  const quote =
    row && rate && estimatedWeight !== null && row.updatedAt
      ? metalAwareQuote({
          material,
          estimatedWeight,
          weightUnit,
          price: {
            pricePerGram: row.pricePerGram ?? null,
            pricePerCarat: row.pricePerCarat ?? null,
            source: row.source ?? 'live',
            updatedAt: row.updatedAt,
          },
          rate,
        })
      : null;

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
    </>
  );
}
