import { LoadError } from '@/components/load-error';
import { FileDown } from 'lucide-react';
import { payoutMethodInfo, payoutMethodSchema, type AdminSubmissionDetail } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { payoutStateLine } from '@/lib/payout-state';
import { formatDateTime, formatDollars } from '@/lib/format';
import { Spinner } from '@/components/ui/spinner';
import { useAdminSubmissionDetail } from '../api/mailbox';
import {
  auditActionLabel,
  auditChangeLines,
  auditIntakePhotos,
  auditReturnLabelUrl,
  auditStatusChange,
} from '../lib/audit-entry-text';

const kycStatusText: Record<AdminSubmissionDetail['customerKyc']['status'], string> = {
  none: 'Not sent',
  pending: 'Waiting for review',
  approved: 'Verified',
  rejected: 'Rejected',
};

function methodLabel(method: string): string {
  const known = payoutMethodSchema.safeParse(method);
  return known.success ? payoutMethodInfo[known.data].label : method;
}

function PayoutSummary({ transaction }: { transaction: NonNullable<AdminSubmissionDetail['transaction']> }) {
  return (
    <p>
      {formatDollars(transaction.amount)} by {methodLabel(transaction.payoutMethod)} —{' '}
      {payoutStateLine(transaction) ?? transaction.status}
    </p>
  );
}

/** The audit log (who, when, what changed), the customer's ID check and the payout of one submission. */
export function SubmissionHistory({ submissionId }: { submissionId: string }) {
  const detail = useAdminSubmissionDetail(submissionId, true);

  if (detail.isPending) return <Spinner label="Loading history..." className="py-4" />;
  if (detail.isError) {
    return (
      <LoadError
        message={`Could not load the history. ${errorMessage(detail.error, '')}`}
        onRetry={() => void detail.refetch()}
      />
    );
  }

  const { auditLog, customerKyc, transaction } = detail.data;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Customer ID check</dt>
          <dd className="mt-0.5">
            {kycStatusText[customerKyc.status]}
            {customerKyc.rejectionReason && ` — ${customerKyc.rejectionReason}`}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Payout</dt>
          <dd className="mt-0.5">{transaction ? <PayoutSummary transaction={transaction} /> : 'None yet'}</dd>
        </div>
      </dl>
      <div>
        <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Audit log</h4>
        {auditLog.length === 0 ? (
          <p className="mt-1 text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2 border-l-2 border-border pl-4" aria-label="Audit log">
            {auditLog.map((entry) => {
              const statusChange = auditStatusChange(entry.fromStatus, entry.toStatus);
              const returnLabel = auditReturnLabelUrl(entry.changes);
              const intakePhotos = auditIntakePhotos(entry.changes);
              return (
                <li key={entry.id} className="relative">
                  <span aria-hidden="true" className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-navy-400" />
                  <p>
                    <span className="font-medium text-foreground">{auditActionLabel(entry.action)}</span>
                    {statusChange && <span className="text-muted-foreground"> ({statusChange})</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
                    {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'System'}
                  </p>
                  {auditChangeLines(entry.changes).map((line) => (
                    <p key={line} className="text-xs text-foreground/80 [overflow-wrap:anywhere]">
                      {line}
                    </p>
                  ))}
                  {intakePhotos.length > 0 && (
                    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Intake photos">
                      {intakePhotos.map((p, index) => (
                        <li key={p.url}>
                          <a
                            href={p.url}
                            target="_blank"
                            rel="noopener"
                            className="block overflow-hidden rounded border border-border"
                          >
                            <img src={p.thumbnailUrl} alt={`Intake photo ${index + 1}`} className="size-14 object-cover" />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  {returnLabel && (
                    <a
                      href={returnLabel}
                      download
                      className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-navy-700 underline-offset-4 hover:underline"
                    >
                      <FileDown aria-hidden="true" className="size-3.5" />
                      Return label (PDF)
                    </a>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
