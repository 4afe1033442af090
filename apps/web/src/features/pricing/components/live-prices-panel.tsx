import { lazy, Suspense } from 'react';
import { AlertCircle, AlertTriangle, FlaskConical, RefreshCw } from 'lucide-react';
import { isGemItemType, itemTypeLabels } from '@assay/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, formatUpdatedAt } from '@/lib/format';
import { useHydrated, useShownTimeZone } from '@/lib/use-hydrated';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useNow } from '@/lib/use-now';
import { usePricing, type LivePricingRow } from '../api/get-pricing';
import { chartedMetals, orderedRows, pricingStatus, type KnownPricingRow } from '../lib/price-status';
import { PriceChange } from './price-change';

// uPlot and its stylesheet stay out of the first load: the charts arrive after the table.
const PriceHistoryCharts = lazy(() => import('./price-history-charts').then((m) => ({ default: m.PriceHistoryCharts })));

function Price({ value, unit }: { value: string | null | undefined; unit?: string }) {
  const text = formatPrice(value);
  if (!text) {
    return (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">not available</span>
      </>
    );
  }
  return (
    <>
      {text}
      {unit && <span className="ml-1 text-xs font-normal text-muted-foreground">{unit}</span>}
    </>
  );
}

const cell = 'px-1 py-2.5 sm:px-4 sm:py-3';
const numberCell = `${cell} text-right tabular-nums`;

function PriceRow({ row }: { row: KnownPricingRow }) {
  const perCarat = isGemItemType(row.itemType) ? formatPrice(row.pricePerCarat) : null;
  return (
    <tr data-testid="price-row" data-item-type={row.itemType} className="border-t border-border">
      <th scope="row" className={`${cell} text-left font-semibold text-navy-900`}>
        {itemTypeLabels[row.itemType]}
      </th>
      {perCarat ? (
        <td colSpan={2} className={`${numberCell} font-medium`}>
          <Price value={row.pricePerCarat} unit="per carat" />
        </td>
      ) : (
        <>
          <td className={`${numberCell} font-medium`}>
            <Price value={row.pricePerOz} />
          </td>
          <td className={numberCell}>
            <Price value={row.pricePerGram} />
          </td>
        </>
      )}
      <td className={`${cell} text-right`}>
        <PriceChange value={row.change24h} />
      </td>
    </tr>
  );
}

function PriceTable({ rows }: { rows: KnownPricingRow[] }) {
  const metals = rows.filter((row) => !isGemItemType(row.itemType));
  const gems = rows.filter((row) => isGemItemType(row.itemType));
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full border-collapse text-[0.8125rem] sm:text-base">
        <caption className="sr-only">Live market prices in US dollars. Gems are priced per carat.</caption>
        <thead>
          <tr className="text-xs font-semibold text-muted-foreground sm:text-sm">
            <th scope="col" className={`${cell} text-left`}>
              Metal/Gem
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Price/oz
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Price/gram
            </th>
            <th scope="col" className={`${cell} text-right`}>
              24h Change
            </th>
          </tr>
        </thead>
        {metals.length > 0 && (
          <tbody>
            {metals.map((row) => (
              <PriceRow key={row.itemType} row={row} />
            ))}
          </tbody>
        )}
        {gems.length > 0 && (
          <tbody>
            <tr className="border-t border-border bg-muted/60">
              <th
                scope="colgroup"
                colSpan={4}
                className={`${cell} py-2 text-left text-xs font-semibold uppercase tracking-wide text-navy-700`}
              >
                Gems — priced per carat
              </th>
            </tr>
            {gems.map((row) => (
              <PriceRow key={row.itemType} row={row} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}

function ChartsFallback() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {chartedMetals.map((metal) => (
        <div
          key={metal.itemType}
          className="h-[11.5rem] animate-pulse rounded-lg border border-border bg-card motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

function StatusLine({ rows, now }: { rows: LivePricingRow[]; now: number }) {
  const status = pricingStatus(rows, new Date(now));
  const zone = useShownTimeZone();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {status.sourceLabel ? (
          <span
            data-testid="pricing-source"
            className={
              status.isDemo
                ? 'inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 font-semibold text-amber-900'
                : 'font-medium text-navy-800'
            }
          >
            {status.isDemo && <FlaskConical aria-hidden="true" className="size-4" />}
            {status.sourceLabel}
          </span>
        ) : (
          <span />
        )}
        {status.updatedAt && (
          <span className="text-muted-foreground">
            Updated{' '}
            <time dateTime={status.updatedAt.toISOString()}>{formatUpdatedAt(status.updatedAt, new Date(now), zone)}</time> ·
            refreshed every 60 seconds
          </span>
        )}
      </div>
      {status.anyStale && (
        <Alert variant="warning" data-testid="pricing-stale">
          <AlertTriangle aria-hidden="true" />
          <span>
            Prices last updated{' '}
            {status.staleSince ? formatUpdatedAt(status.staleSince, new Date(now), zone) : 'at an unknown time'} — may be out of
            date
          </span>
        </Alert>
      )}
    </div>
  );
}

/** SPEC 2 "Live Market Prices panel": the table, its source and age, and a 24-hour chart per metal. */
export function LivePricesPanel() {
  const pricing = usePricing();
  const now = useNow(30_000);
  // The charts draw on a canvas, so the server's HTML (and the hydrating render) holds their
  // placeholders; the browser draws them once they are near the screen.
  const hydrated = useHydrated();
  const [chartsRef, chartsNear] = useNearViewport();

  if (pricing.isPending) {
    return (
      <Card className="px-6 py-12">
        <Spinner label="Loading prices..." />
      </Card>
    );
  }

  if (pricing.isError) {
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center">
        <Alert variant="error" className="w-full max-w-lg text-left">
          <AlertCircle aria-hidden="true" />
          <span>Live prices could not be loaded. {errorMessage(pricing.error, 'Please try again in a moment.')}</span>
        </Alert>
        <Button variant="outline" onClick={() => void pricing.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }

  const rows = orderedRows(pricing.data);
  if (rows.length === 0) {
    return (
      <Card className="px-6 py-12 text-center">
        <p className="font-semibold text-navy-900">No pricing data available</p>
        <p className="mt-1 text-sm text-muted-foreground">Prices appear here as soon as our market feed answers.</p>
      </Card>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Card className="flex min-w-0 flex-col gap-4 p-2 sm:p-6">
        <StatusLine rows={rows} now={now} />
        {pricing.isRefetchError && (
          <Alert variant="warning">
            <AlertTriangle aria-hidden="true" />
            <span>The latest refresh failed; showing the last prices we received.</span>
          </Alert>
        )}
        <PriceTable rows={rows} />
        <p className="text-xs text-muted-foreground">
          Prices in US dollars per troy ounce and per gram. Gems are priced per carat from reference prices set by our appraisers.
          Karat golds follow fine gold by purity.
        </p>
      </Card>
      <div ref={chartsRef}>
        <h3 className="mb-3 text-lg font-semibold text-navy-900">Last 24 hours</h3>
        {hydrated && chartsNear ? (
          <Suspense fallback={<ChartsFallback />}>
            <PriceHistoryCharts rows={rows} />
          </Suspense>
        ) : (
          <ChartsFallback />
        )}
      </div>
    </div>
  );
}
