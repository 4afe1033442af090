// The margin, visible (issue 28 item 5): per month (chart and table), accuracy per refiner (chart),
// and the settled lots. Figures come exact from the API; the charts draw numbers made from them.
import { lazy, Suspense, useMemo } from 'react';
import { accuracyChartData, formatCents, marginChartData, type MarginReport } from '@assay/domain';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useMarginReport } from '../api/margin';

const MonthChart = lazy(() => import('./month-chart'));

const money = (cents: number) => formatCents(cents);
const percent = (value: string | null) => (value === null ? '—' : `${value}%`);

type Figures = MarginReport['months'][number];

function FigureCells({
  row,
}: {
  row: Pick<
    Figures,
    'paidToSellersCents' | 'receivedCents' | 'feesCents' | 'grossMarginCents' | 'marginPercent' | 'goodwillCents'
  >;
}) {
  return (
    <>
      <td className="px-2 py-1 text-right tabular-nums">{money(row.paidToSellersCents)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{money(row.receivedCents)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{money(row.feesCents)}</td>
      <td className="px-2 py-1 text-right tabular-nums font-medium">{money(row.grossMarginCents)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{percent(row.marginPercent)}</td>
      <td className="px-2 py-1 text-right tabular-nums text-muted-foreground">{money(row.goodwillCents)}</td>
    </>
  );
}

const figureHeads = ['Paid to sellers', 'Received', 'Fees', 'Gross margin', 'Margin %', 'Goodwill paid'];

function Table({ caption, heads, children }: { caption: string; heads: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            {heads.map((head, i) => (
              <th key={head} scope="col" className={`px-2 py-1 font-medium ${i === 0 ? '' : 'text-right'}`}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function MarginPanel() {
  const report = useMarginReport();
  const marginChart = useMemo(() => (report.data ? marginChartData(report.data.months) : null), [report.data]);
  const accuracyChart = useMemo(() => (report.data ? accuracyChartData(report.data.accuracy) : null), [report.data]);

  if (report.isPending) return <Spinner />;
  if (report.isError) return <p role="alert">The margin could not be loaded. Please try again in a moment.</p>;
  const { lots, months, accuracy } = report.data;
  if (lots.length === 0 && months.length === 0) {
    return <EmptyState title="No settled lots yet">The margin shows once a refiner&apos;s settlement is entered.</EmptyState>;
  }

  return (
    <div className="flex flex-col gap-6">
      <Card className="min-w-0 p-4">
        <h2 className="mb-2 font-semibold">Margin per month</h2>
        {marginChart && marginChart.x.length > 0 && (
          <Suspense fallback={<Spinner />}>
            <MonthChart
              data={marginChart}
              unit=""
              label="Received, paid to sellers, gross margin and goodwill per month, in dollars."
            />
          </Suspense>
        )}
        <Table caption="Margin per month" heads={['Month', 'Lots', ...figureHeads]}>
          {months.map((m) => (
            <tr key={m.month} className="border-b last:border-0">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {m.month}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{m.lotCount}</td>
              <FigureCells row={m} />
            </tr>
          ))}
        </Table>
      </Card>

      <Card className="min-w-0 p-4">
        <h2 className="mb-2 font-semibold">Testing accuracy per refiner</h2>
        <p className="mb-2 text-sm text-muted-foreground">Actual fine weight as a percent of our estimate; 92-102% is normal.</p>
        {accuracyChart && accuracyChart.x.length > 0 && (
          <Suspense fallback={<Spinner />}>
            <MonthChart
              data={accuracyChart}
              unit="%"
              label="Actual fine weight as a percent of the estimate, per refiner per month."
            />
          </Suspense>
        )}
        <ul className="mt-2 text-sm">
          {accuracy.map((a) => (
            <li key={a.refiner}>
              {a.refiner}: {percent(a.overall.percent)} over {a.overall.lotCount} lot{a.overall.lotCount === 1 ? '' : 's'} (
              {a.overall.flag})
            </li>
          ))}
        </ul>
      </Card>

      <Card className="min-w-0 p-4">
        <h2 className="mb-2 font-semibold">Settled lots</h2>
        <Table
          caption="Settled lots"
          heads={['Lot', 'Refiner', 'Settled', ...figureHeads, 'Est. fine g', 'Actual fine g', 'Accuracy']}
        >
          {lots.map((lot) => (
            <tr key={lot.lotId} className="border-b last:border-0">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {lot.lotNumber}
              </th>
              <td className="px-2 py-1 text-right">{lot.refinerName}</td>
              <td className="px-2 py-1 text-right tabular-nums">{lot.settledOn}</td>
              <FigureCells row={lot} />
              <td className="px-2 py-1 text-right tabular-nums">{lot.estimatedFineGrams ?? '—'}</td>
              <td className="px-2 py-1 text-right tabular-nums">{lot.actualFineGrams ?? '—'}</td>
              <td className="px-2 py-1 text-right tabular-nums">{percent(lot.accuracyPercent)}</td>
            </tr>
          ))}
        </Table>
      </Card>
    </div>
  );
}
