import { CheckCircle2, Circle, Images, Truck } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import type { TimelineEntry } from '../api/get-submission';

function IntakePhotosNote({ count, href }: { count: number; href?: string }) {
  const text = `${count} ${count === 1 ? 'photo' : 'photos'} taken when we opened your parcel`;
  if (!href) return <p className="text-sm text-foreground">{text}</p>;
  return (
    <a
      href={href}
      className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Images aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </a>
  );
}

/**
 * The status changes of one submission, oldest first, as an ordered list. `photosHref` leads from
 * the "received" entry to the intake photos where the page shows them.
 */
export function SubmissionTimeline({
  entries,
  className,
  photosHref,
}: {
  entries: readonly TimelineEntry[];
  className?: string;
  photosHref?: string;
}) {
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
                // The photos themselves are in the offer page's gallery, numbered and enlargeable.
                <IntakePhotosNote count={entry.photos.length} href={photosHref} />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
