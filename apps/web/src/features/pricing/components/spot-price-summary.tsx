import { formatPrice } from '@/lib/format';
import { usePricing } from '../api/get-pricing';
import { chartedMetals } from '../lib/price-status';
import { PriceChange } from './price-change';

/** A compact per-ounce snapshot of the four metals (the landing page hero), from the same query as the table. */
export function SpotPriceSummary() {
  const pricing = usePricing();
  const rows = pricing.data ?? [];
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.06] p-6 shadow-2xl backdrop-blur">
      <p className="text-sm font-semibold uppercase tracking-wider text-gold-300">Spot prices per ounce</p>
      <ul className="mt-4 flex flex-col divide-y divide-white/10">
        {chartedMetals.map((metal) => {
          const row = rows.find((r) => r.itemType === metal.itemType);
          const price = formatPrice(row?.pricePerOz);
          return (
            <li key={metal.itemType} className="flex items-center justify-between gap-3 py-3">
              <span className="font-semibold text-white">{metal.name}</span>
              <span className="flex items-center gap-3">
                {price ? (
                  <span className="tabular-nums text-white">{price}</span>
                ) : pricing.isPending ? (
                  <span className="h-4 w-20 animate-pulse rounded bg-white/15 motion-reduce:animate-none">
                    <span className="sr-only">Loading</span>
                  </span>
                ) : (
                  <span className="text-navy-200">—</span>
                )}
                {row?.change24h && <PriceChange value={row.change24h} />}
              </span>
            </li>
          );
        })}
      </ul>
      <a
        href="#pricing"
        className="mt-3 inline-block rounded-sm text-sm font-medium text-gold-200 underline-offset-4 hover:underline focus-visible:outline-gold-400"
      >
        See all live prices
      </a>
    </div>
  );
}
