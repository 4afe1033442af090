import { ChevronDown, HandCoins } from 'lucide-react';
import { formatPercentRange, isGemItemType, payoutRatesSentence } from '@assay/domain';
import { usePayoutRates } from '../api/get-payout-rates';
import { useShownTimeZone } from '@/lib/use-hydrated';
import { formatRateSince } from './rate-since';

/**
 * The landing page's pricing section says what share Assay pays (DECISIONS "The honest offer"),
 * from the published rates, with every item type's rate and since when it stands one click away.
 * Says nothing until the rates have loaded: the page never states a share it does not have.
 */
export function PayoutRatesSummary() {
  const payoutRates = usePayoutRates();
  const rates = payoutRates.data?.rates ?? [];
  const sentence = payoutRatesSentence(rates);
  const zone = useShownTimeZone();
  if (!sentence) return null;

  return (
    <div className="mb-8 rounded-xl border border-gold-200 bg-gold-50/60 p-5 sm:p-6" data-testid="payout-rates-summary">
      <div className="flex gap-3">
        <span aria-hidden="true" className="mt-0.5 h-fit rounded-lg bg-gold-100 p-2 text-gold-700 [&_svg]:size-5">
          <HandCoins />
        </span>
        <div className="min-w-0">
          <p className="text-base font-semibold leading-relaxed text-navy-900 sm:text-lg" data-testid="payout-rates-sentence">
            {sentence}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Applied to the live prices below. Your offer lists the weight, purity, price and share paid for every item.
          </p>
        </div>
      </div>
      <details className="group mt-4 sm:ml-12">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-sm text-sm font-semibold text-navy-700 underline underline-offset-4 [&::-webkit-details-marker]:hidden">
          See the rate for every metal and gem
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Share of value Assay pays, per metal and gem</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  Item
                </th>
                <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  We pay
                </th>
                <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.map((rate) => (
                <tr key={rate.itemType} className="border-t border-border" data-testid="payout-rate-row">
                  <th scope="row" className="px-3 py-2 font-medium text-navy-900">
                    {rate.label}
                  </th>
                  <td className="px-3 py-2">
                    <span className="whitespace-nowrap tabular-nums">{formatPercentRange(rate)}</span>
                    <span className="block text-xs text-muted-foreground sm:inline sm:text-sm">
                      <span className="hidden sm:inline"> </span>
                      of {isGemItemType(rate.itemType) ? 'reference' : 'metal value'}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">{formatRateSince(rate.since, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
