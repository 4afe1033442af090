import { CheckCircle2, Circle, Truck } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import type { TimelineEntry } from '../api/get-submission';

/** The status changes of one submission, oldest first, as an ordered list. */
export function SubmissionTimeline({ entries, className }: { entries: readonly TimelineEntry[]; className?: string }) {
  if (entries.length === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>No status changes yet.</p>;
  }
  const sorted = [...entries].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
  return (
    <ol className={cn('flex flex-col', className)} aria-label="Status history">
      {sorted.map((entry, index) => {
        const last = index === sorted.length - 1;
        return (
          <li key={`${entry.at}-${entry.action}-${index}`} className="relative flex gap-3 pb-5 last:pb-0">
            {!last && <span aria-hidden="true" className="absolute left-[9px] top-6 h-[calc(100%-1.25rem)] w-px bg-border" />}
            {entry.action.startsWith('parcel_') ? (
              // The carrier's word on the parcel, told apart from what Assay did.
              <Truck aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', last ? 'text-gold-600' : 'text-navy-300')} />
            ) : last ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-300" />
            )}
            <div className="flex min-w-0 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-foreground">
                {entry.label || entry.action}
                {entry.toStatus && <SubmissionStatusBadge status={entry.toStatus} />}
              </p>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatDateTime(entry.at)}
              </time>
              {entry.detail && <p className="text-sm text-foreground [overflow-wrap:anywhere]">{entry.detail}</p>}
              {entry.photos && entry.photos.length > 0 && (
                <ul className="mt-1 grid grid-cols-4 gap-1.5 sm:max-w-xs" aria-label="Photos taken when your parcel was opened">
                  {entry.photos.map((photo, n) => (
                    <li key={photo.id}>
                      <a
                        href={photo.url}
                        target="_blank"
                        rel="noopener"
                        className="block overflow-hidden rounded-md border border-border bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <img
                          src={photo.thumbnailUrl}
                          alt={`Intake photo ${n + 1}`}
                          className="aspect-square w-full object-cover"
                        />
                        <span className="sr-only"> (opens the full-size photo)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
