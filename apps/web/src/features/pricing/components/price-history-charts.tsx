// Loaded on demand (React.lazy in live-prices-panel.tsx): uPlot and its stylesheet are not part
// of the landing page's first JavaScript.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { PRICE_HISTORY_DEFAULT_HOURS } from '@assay/domain';
import 'uplot/dist/uPlot.min.css';
import { Card } from '@/components/ui/card';
import { formatPrice } from '@/lib/format';
import { usePriceHistory, type PriceHistoryPoint } from '../api/get-price-history';
import { chartedMetals, type KnownPricingRow } from '../lib/price-status';
import { PriceChange } from './price-change';

const HISTORY_HOURS = PRICE_HISTORY_DEFAULT_HOURS;
const CHART_HEIGHT = 64;

type Series = { times: number[]; prices: number[]; low: string; high: string };

/** Chart-ready numbers (display only: the figures people read stay exact strings). */
function toSeries(points: readonly PriceHistoryPoint[]): Series | null {
  const times: number[] = [];
  const prices: number[] = [];
  let low = { value: Number.POSITIVE_INFINITY, text: '' };
  let high = { value: Number.NEGATIVE_INFINITY, text: '' };
  for (const point of points) {
    const time = new Date(point.recordedAt).getTime();
    const price = point.pricePerOz === null ? Number.NaN : Number(point.pricePerOz);
    if (!Number.isFinite(time) || !Number.isFinite(price) || price <= 0 || point.pricePerOz === null) continue;
    if (price < low.value) low = { value: price, text: point.pricePerOz };
    if (price > high.value) high = { value: price, text: point.pricePerOz };
    times.push(time / 1000);
    prices.push(price);
  }
  return prices.length >= 2 ? { times, prices, low: low.text, high: high.text } : null;
}

function Sparkline({ series, color, label }: { series: Series; color: string; label: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = new uPlot(
      {
        width: Math.max(box.clientWidth, 80),
        height: CHART_HEIGHT,
        padding: [4, 2, 4, 2],
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: { x: { time: true } },
        axes: [{ show: false }, { show: false }],
        series: [{}, { stroke: color, width: 2, fill: `${color}22`, points: { show: false } }],
      },
      [series.times, series.prices],
      box,
    );
    chartRef.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(box.clientWidth, 80), height: CHART_HEIGHT }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      chart.destroy();
      chartRef.current = null;
    };
    // The chart is built once per colour; new data goes through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [color]);

  useEffect(() => {
    chartRef.current?.setData([series.times, series.prices]);
  }, [series]);

  return <div ref={boxRef} role="img" aria-label={label} className="h-16 w-full overflow-hidden" />;
}

function MetalHistoryCard({ metal, row }: { metal: (typeof chartedMetals)[number]; row: KnownPricingRow | undefined }) {
  const history = usePriceHistory(metal.itemType, HISTORY_HOURS);
  const series = useMemo(() => (history.data ? toSeries(history.data) : null), [history.data]);
  const current = formatPrice(row?.pricePerOz);
  const low = series ? formatPrice(series.low) : null;
  const high = series ? formatPrice(series.high) : null;

  return (
    <Card
      role="group"
      aria-label={`${metal.name}, last 24 hours`}
      data-testid="price-history"
      className="flex min-w-0 flex-col gap-2 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-1">
        <div>
          <h4 className="font-semibold text-navy-900">{metal.name}</h4>
          <p className="text-sm font-medium tabular-nums text-foreground">
            {current ?? '—'} <span className="text-xs font-normal text-muted-foreground">/ oz</span>
          </p>
        </div>
        <PriceChange value={row?.change24h} />
      </div>
      <div className="flex h-16 items-center justify-center">
        {series ? (
          <Sparkline
            series={series}
            color={metal.color}
            label={`${metal.name} price per ounce over the last 24 hours: low ${low ?? 'unknown'}, high ${high ?? 'unknown'}, now ${current ?? 'unknown'}.`}
          />
        ) : (
          <p className="text-center text-xs text-muted-foreground">
            {history.isPending
              ? 'Loading history...'
              : history.isError
                ? 'History unavailable right now.'
                : 'Collecting price history...'}
          </p>
        )}
      </div>
      <p className="text-xs tabular-nums text-muted-foreground">
        {series && low && high ? `24h low ${low} · high ${high}` : '\u00a0'}
      </p>
    </Card>
  );
}

/** A small 24-hour chart for gold, silver, platinum and palladium (uPlot). */
export function PriceHistoryCharts({ rows }: { rows: readonly KnownPricingRow[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {chartedMetals.map((metal) => (
        <MetalHistoryCard key={metal.itemType} metal={metal} row={rows.find((row) => row.itemType === metal.itemType)} />
      ))}
    </div>
  );
}
