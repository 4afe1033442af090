import { Clock } from 'lucide-react';
import { offerCountdown } from '@assay/domain';
import { formatDateTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The sentence a seller reads when the offer's time ran out (issue 11 item 4). */
export function offerExpiredText(validUntil: string): string {
  return `This offer expired on ${dateOnly.format(new Date(validUntil))}. Ask us to re-issue it at today's prices.`;
}

/** True when the offer can no longer be accepted: the server says lapsed, or its time has passed. */
export function isOfferExpired(validUntil: string | null | undefined, lapsed = false, now: number = Date.now()): boolean {
  if (lapsed) return true;
  if (!validUntil || Number.isNaN(new Date(validUntil).getTime())) return false;
  return offerCountdown(validUntil, now).expired;
}

/** Watches the clock each minute: whether the offer has lapsed, for disabling Accept/Confirm. */
export function useOfferExpired(validUntil: string | null | undefined, lapsed = false): boolean {
  const now = useNow();
  return isOfferExpired(validUntil, lapsed, now);
}

/**
 * "Valid until <date, time>" with a live countdown, amber in the last 48 hours; once lapsed, the
 * sentence asking us to re-issue at today's prices. Nothing when there is no deadline.
 */
export function OfferValidity({
  validUntil,
  lapsed = false,
  className,
}: {
  validUntil: string | null | undefined;
  lapsed?: boolean;
  className?: string;
}) {
  const now = useNow();
  if (!validUntil || Number.isNaN(new Date(validUntil).getTime())) return null;
  const countdown = offerCountdown(validUntil, now);
  if (lapsed || countdown.expired) {
    return (
      <p role="status" className={cn('text-sm font-medium text-destructive', className)}>
        {offerExpiredText(validUntil)}
      </p>
    );
  }
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs',
        countdown.urgent ? 'text-amber-800' : 'text-muted-foreground',
        className,
      )}
      data-urgent={countdown.urgent || undefined}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        Valid until <time dateTime={validUntil}>{formatDateTime(validUntil)}</time>
      </span>
      <span className={cn('font-semibold tabular-nums', countdown.urgent && 'text-amber-800')}>{countdown.label}</span>
    </p>
  );
}
