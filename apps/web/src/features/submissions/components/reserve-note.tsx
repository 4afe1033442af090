import { ShieldCheck } from 'lucide-react';
import { offerCountdown, type SubmissionDetail } from '@assay/domain';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDollars } from '@/lib/format';
import { useNow } from '@/lib/use-now';

/** Whether the seller's reserve accepted the open offer and they may still decline it (decision 040). */
export function isReserveWindowOpenFor(detail: SubmissionDetail, now: number = Date.now()): boolean {
  const until = detail.reserve?.declineUntil;
  return detail.status === 'offered' && !!until && !offerCountdown(until, now).expired;
}

/**
 * The seller's reserve on their submission: before the offer, what it will do; once an offer met
 * it, that it was accepted for them, with "Decline before <time>" and the time left.
 */
export function ReserveNote({ detail, onDecline }: { detail: SubmissionDetail; onDecline?: () => void }) {
  const now = useNow();
  const reserve = detail.reserve;
  if (!reserve) return null;
  const amount = formatDollars(reserve.amount);
  const payTo = reserve.payoutMethod === 'paypal' ? 'PayPal' : 'a paper check';
  if (isReserveWindowOpenFor(detail, now) && reserve.declineUntil) {
    const left = offerCountdown(reserve.declineUntil, now);
    const until = formatDateTime(reserve.declineUntil);
    return (
      <section
        aria-labelledby="reserve-met-heading"
        className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950"
      >
        <h3 id="reserve-met-heading" className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden="true" className="size-4" /> Your reserve was met: offer accepted for you
        </h3>
        <p>
          Our offer of {formatDollars(detail.finalOffer)} meets your reserve of {amount}, so we accepted it for you. We pay it by{' '}
          {payTo} once the 24 hours to change your mind have passed.
        </p>
        <p className="tabular-nums" role="timer" aria-live="off">
          You can decline until {until} ({left.label}).
        </p>
        {onDecline && (
          <Button
            variant="outline"
            className="h-auto max-w-full self-start whitespace-normal border-destructive text-left text-destructive hover:bg-red-50"
            onClick={onDecline}
          >
            Decline before {until}
          </Button>
        )}
      </section>
    );
  }
  if (detail.status === 'new' || detail.status === 'appraising') {
    return (
      <p className="rounded-md border border-border bg-muted/60 p-3 text-sm">
        <span className="font-medium">Your reserve: {amount}.</span> An offer at or above it is accepted for you (you then have 24
        hours to decline) and paid by {payTo}; an offer below it and we return your items free.
      </p>
    );
  }
  return null;
}
