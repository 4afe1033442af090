import type { ReactNode } from 'react';
import { AlertTriangle, ShieldAlert } from 'lucide-react';
import { customerLabel, DEADLINE_PASSED_LABEL, isNearingDeadline, shortId, type Submission } from '@assay/domain';
import { adminCategoryLabel, formatWeight } from '@/lib/display';
import { formatDateTime, formatDollars, formatDuration, formatWholeDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { SubmissionPhotos } from '@/components/submission-photos';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';

/** 'Pending' until the server has stored a preliminary quote. */
function preliminaryRange(submission: Submission): string {
  const min = formatWholeDollars(submission.preliminaryQuoteMin);
  const max = formatWholeDollars(submission.preliminaryQuoteMax);
  return min && max ? `${min} – ${max}` : 'Pending';
}

/** The 48-hour guarantee while the item waits for appraisal. */
function Guarantee({ submission, now }: { submission: Submission; now: number }) {
  if (!submission.guaranteeDeadline) return <span className="text-muted-foreground">—</span>;
  const remaining = new Date(submission.guaranteeDeadline).getTime() - now;
  if (Number.isNaN(remaining)) return <span className="text-muted-foreground">—</span>;
  if (remaining <= 0) return <span className="font-semibold text-destructive">{DEADLINE_PASSED_LABEL}</span>;
  const nearing = isNearingDeadline(submission.guaranteeDeadline, submission.status, new Date(now));
  return (
    <span className={cn(nearing && 'inline-flex items-center gap-1 font-semibold text-amber-800')}>
      {nearing && <AlertTriangle aria-hidden="true" className="size-3.5" />}
      {formatDuration(remaining)} left
    </span>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function AdminSubmissionCard({ submission, now }: { submission: Submission; now: number }) {
  const awaitingAppraisal = submission.status === 'new' || submission.status === 'appraising';
  return (
    <article
      aria-label={submission.description}
      data-submission-id={submission.id}
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-card sm:p-5"
    >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <SubmissionPhotos images={submission.images} description={submission.description} slots={4} showEmptySlots className="order-last sm:order-first" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
              <h3 className="min-w-0 font-semibold text-foreground [overflow-wrap:anywhere]">{submission.description}</h3>
              <div className="flex flex-wrap gap-1.5">
                {submission.requiresKyc && (
                  <Badge tone="danger">
                    <ShieldAlert aria-hidden="true" className="size-3" />
                    KYC
                  </Badge>
                )}
                <SubmissionStatusBadge status={submission.status} />
              </div>
            </div>
            <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span className="font-mono">#{shortId(submission.id)}</span>
              <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-md bg-muted/60 p-3 sm:grid-cols-3 lg:grid-cols-5">
          <Detail term="Category">{adminCategoryLabel(submission.category)}</Detail>
          <Detail term="Customer">{customerLabel(submission.userId)}</Detail>
          <Detail term="Est. weight">{formatWeight(submission)}</Detail>
          <Detail term="Preliminary">{preliminaryRange(submission)}</Detail>
          {submission.finalOffer && <Detail term="Final offer">{formatDollars(submission.finalOffer)}</Detail>}
          {awaitingAppraisal && (
            <Detail term="Guarantee">
              <Guarantee submission={submission} now={now} />
            </Detail>
          )}
        </dl>
    </article>
  );
}
