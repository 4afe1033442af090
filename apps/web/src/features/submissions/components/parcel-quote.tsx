import { formatWholeDollarAmount } from '@/lib/format';
import type { ItemEstimate, parcelEstimate } from '../lib/item-estimate';

const rangeText = (min: number, max: number) => `${formatWholeDollarAmount(min)} – ${formatWholeDollarAmount(max)}`;

function estimateText(estimate: ItemEstimate): string {
  if (estimate.kind === 'range') return rangeText(estimate.min, estimate.max);
  if (estimate.kind === 'live-later') return 'From live prices, once you submit';
  return 'Needs its category and weight';
}

/**
 * Under a parcel of several items: each item's estimate and their sum. The total is called complete
 * only when every item has a figure, so a seller never reads a part as the whole.
 */
export function ParcelQuote({
  estimates,
  total,
}: {
  estimates: readonly ItemEstimate[];
  total: ReturnType<typeof parcelEstimate>;
}) {
  const complete = total.priced === total.of;
  return (
    <section
      aria-labelledby="parcel-quote-heading"
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-gold-200 bg-gold-50 p-4"
    >
      <h2 id="parcel-quote-heading" className="text-xs font-semibold uppercase tracking-wide text-gold-800">
        Preliminary quote for your parcel
      </h2>
      <ul className="flex flex-col gap-1.5 text-sm">
        {estimates.map((estimate, index) => (
          <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-navy-900">Item {index + 1}</span>
            <span
              className={estimate.kind === 'range' ? 'font-semibold tabular-nums text-navy-900' : 'text-xs text-muted-foreground'}
            >
              {estimateText(estimate)}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-gold-200 pt-3">
        <span className="text-sm font-semibold text-navy-900">{complete ? 'Parcel total' : 'Total so far'}</span>
        {total.priced > 0 ? (
          <span className="text-2xl font-bold tabular-nums text-navy-900">{rangeText(total.min, total.max)}</span>
        ) : (
          <span className="text-sm text-muted-foreground">—</span>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {complete
          ? 'The sum of the items’ estimates. Each item gets its own offer after our expert appraisal.'
          : `The sum for ${total.priced} of ${total.of} items; the others are added once they have an estimate.`}
      </p>
    </section>
  );
}
