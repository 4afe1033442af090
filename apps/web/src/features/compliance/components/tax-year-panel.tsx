import { useState } from 'react';
import { Download, Landmark } from 'lucide-react';
import { toast } from 'sonner';
import { FIRST_TAX_YEAR, formatCents, type TaxYearReport } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { QueuePanel } from '@/components/queue-panel';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDownloadTaxYearCsv, useTaxYearReport } from '../api/tax-reporting';

/** The years an appraiser can pick: this one back to the first Assay keeps, newest first. */
function selectableYears(now = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= FIRST_TAX_YEAR; year -= 1) years.push(year);
  return years;
}

function SellerRows({ report }: { report: TaxYearReport }) {
  if (report.sellers.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        No seller was paid {formatCents(report.thresholdCents)} or more in {report.year}.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-label={`Sellers paid in ${report.year}`}>
      {report.sellers.map((seller) => (
        <li key={seller.userId} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {seller.legalName ?? seller.name}
              {seller.legalName && seller.legalName !== seller.name && (
                <span className="font-normal text-muted-foreground"> (account: {seller.name})</span>
              )}
            </p>
            <p className="truncate text-sm text-muted-foreground">{[seller.email, seller.place].filter(Boolean).join(' · ')}</p>
            <p className="text-sm text-muted-foreground">
              {seller.purchases} {seller.purchases === 1 ? 'purchase' : 'purchases'}, paid {seller.firstPaidOn}
              {seller.lastPaidOn !== seller.firstPaidOn && ` to ${seller.lastPaidOn}`}
              {seller.bullionPurchases > 0 && (
                <span className="font-medium text-foreground"> · {seller.bullionPurchases} of bullion fineness</span>
              )}
            </p>
          </div>
          <div className="shrink-0 sm:text-right">
            <p className="font-semibold tabular-nums">{formatCents(seller.grossCents)}</p>
            <p className="text-xs text-muted-foreground">gross proceeds</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The year-end list for information returns (1099-B): the sellers paid at least the configured
 * amount in a calendar year. The accountant decides who gets a form; the CSV carries full addresses.
 */
export function TaxYearPanel({ className }: { className?: string }) {
  const years = selectableYears();
  const [year, setYear] = useState(years[1] ?? years[0]!);
  const report = useTaxYearReport(year);
  const download = useDownloadTaxYearCsv();

  let body;
  if (report.isPending) body = <Spinner label="Loading the year's sellers..." className="py-6" />;
  else if (report.isError)
    body = (
      <LoadError
        message={`Could not load the year's sellers. ${errorMessage(report.error, '')}`}
        onRetry={() => void report.refetch()}
      />
    );
  else body = <SellerRows report={report.data} />;

  const onDownload = () =>
    download.mutate(year, {
      onSuccess: (fileName) => toast.success('Seller list downloaded', { description: fileName }),
      onError: (err) => toast.error('Could not download the seller list', { description: errorMessage(err) }),
    });

  return (
    <QueuePanel
      className={className}
      title="Year-end seller list"
      icon={<Landmark />}
      count={undefined}
      countTone="neutral"
      description={
        report.data
          ? `Sellers paid ${formatCents(report.data.thresholdCents)} or more in a calendar year (${report.data.timeZone.replaceAll('_', ' ')} time), for your accountant's 1099-B review. Bars of bullion fineness are counted; coins are yours to judge.`
          : "Sellers paid the reporting threshold or more in a calendar year, for your accountant's 1099-B review."
      }
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-40">
          <Label htmlFor="tax-year">Calendar year</Label>
          <NativeSelect id="tax-year" value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={onDownload}
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
        >
          <Download aria-hidden="true" />
          {download.isPending ? 'Preparing…' : 'Download with addresses (CSV)'}
        </Button>
      </div>
      {body}
    </QueuePanel>
  );
}
