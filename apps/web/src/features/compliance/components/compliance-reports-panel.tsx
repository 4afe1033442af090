import { useMemo } from 'react';
import { Download, FileSpreadsheet } from 'lucide-react';
import { toast } from 'sonner';
import { policeReportDayProblem, policeReportQuerySchema, type ReportDay } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useDownloadPoliceReport, useReportDay } from '../api/compliance-reports';
import { QueuePanel } from '@/components/queue-panel';

/** The server's checks, in the browser: a real date, and not one still to come in the business's zone. */
function reportFormSchema({ timeZone }: ReportDay) {
  return policeReportQuerySchema.superRefine(({ date }, ctx) => {
    const problem = policeReportDayProblem(date, new Date(), timeZone);
    if (problem) ctx.addIssue({ code: 'custom', path: ['date'], message: problem });
  });
}

function PoliceReportForm({ day }: { day: ReportDay }) {
  const schema = useMemo(() => reportFormSchema(day), [day]);
  const form = useZodForm(schema, { defaultValues: { date: day.today } });
  const download = useDownloadPoliceReport();
  const busy = download.isPending;

  const onSubmit = form.handleSubmit(({ date }) =>
    download.mutate(date, {
      onSuccess: (fileName) => toast.success('Police report downloaded', { description: fileName }),
      onError: (err) => {
        applyServerIssues(form, err);
        toast.error('Could not download the police report', { description: errorMessage(err) });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label="Police report"
    >
      <TextField
        label="Day of purchases"
        type="date"
        max={day.today}
        hint={`Counted in ${day.timeZone.replaceAll('_', ' ')} time.`}
        error={form.formState.errors.date?.message}
        className="sm:w-56"
        {...form.register('date')}
      />
      <Button type="submit" className="sm:mt-7" disabled={busy} aria-busy={busy || undefined}>
        <Download aria-hidden="true" />
        {busy ? 'Preparing…' : 'Download police report'}
      </Button>
    </form>
  );
}

/**
 * The compliance files an appraiser hands over (DECISIONS "Compliance"): the day's purchases as a
 * LeadsOnline-style CSV with the sellers' full ID numbers. A seller's whole record is exported from
 * their identity check or a submission's history.
 */
export function ComplianceReportsPanel({ className }: { className?: string }) {
  const day = useReportDay();
  let body;
  if (day.isPending) body = <Spinner label="Loading today's date..." className="py-6" />;
  else if (day.isError)
    body = (
      <LoadError message={`Could not load today's date. ${errorMessage(day.error, '')}`} onRetry={() => void day.refetch()} />
    );
  else body = <PoliceReportForm day={day.data} />;

  return (
    <QueuePanel
      className={className}
      title="Compliance reports"
      icon={<FileSpreadsheet />}
      count={undefined}
      countTone="neutral"
      description="The day's purchases for the police (CSV), with each seller's ID. Every download is recorded."
    >
      {body}
      <p className="mt-3 text-sm text-muted-foreground">
        A seller&apos;s full records: &ldquo;Export seller&apos;s records&rdquo; on their identity check or in a submission&apos;s
        history.
      </p>
    </QueuePanel>
  );
}
