import { Link } from 'wouter';
import { Loader2, Printer } from 'lucide-react';
import {
  needsNewPayoutDetails,
  payoutStatusLabels,
  shortId,
  type PayoutStatus,
  type Submission,
  type Transaction,
} from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';
import { categoryLabel, formatWeight } from '@/lib/display';
import { formatDateTime, formatDollars } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { SubmissionPhotos } from '@/components/submission-photos';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { OfferValidity, useOfferExpired } from '@/components/offer-validity';
import { IdBeforePayoutNote } from '@/components/id-before-payout-note';
import { itemCountText } from '@/components/parcel-items';
import { InsuredNote, QuoteBasis, quoteRangeText } from './preliminary-quote';

export type PrintLabelHandler = (submission: Submission) => void;
export type DeclineHandler = (submission: Submission) => void;
/** A submission's payout, from the seller's payouts (the payouts feature's list, which the page passes in). */
export type PayoutLookup = (submissionId: string) => Pick<Transaction, 'status'> | null;

/**
 * SPEC 4's actions: new -> Print Label; appraising and completed -> View Details (a completed one
 * whose payout failed or came back -> "Payout returned: give new details"); offered with a
 * final offer -> Final Offer, Accept Offer, View Consignment (and Decline offer); returning -> "We
 * are shipping it back" with the tracking number; returned and unknown statuses -> none. Printing
 * and declining belong to the shipping feature: the page passes them in.
 */
function CardActions({
  submission,
  onPrintLabel,
  printing,
  onDecline,
  payoutOf,
}: {
  submission: Submission;
  onPrintLabel?: PrintLabelHandler;
  printing: boolean;
  onDecline?: DeclineHandler;
  payoutOf?: PayoutLookup;
}) {
  const offer = submission.status === 'offered' ? formatDollars(submission.finalOffer) : null;
  const expired = useOfferExpired(submission.status === 'offered' ? submission.offerValidUntil : null);
  // Only a paid-out submission has a payout whose state can ask something of the seller.
  const payout = submission.status === 'completed' ? (payoutOf?.(submission.id) ?? null) : null;

  if (submission.status === 'new') {
    return (
      <div className="flex w-full flex-col gap-2 sm:w-56 sm:items-end">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPrintLabel?.(submission)}
          disabled={printing || !onPrintLabel}
          aria-busy={printing || undefined}
        >
          {printing ? (
            <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Printer aria-hidden="true" />
          )}
          Print Label
        </Button>
        <InsuredNote submission={submission} className="sm:text-right" />
      </div>
    );
  }
  if (submission.status === 'completed' && payout && needsNewPayoutDetails(payout.status)) {
    // The money came back: the seller's next step, not "View Details".
    return (
      <div className="flex w-full flex-col gap-2 @3xl:w-auto @3xl:items-end">
        <p className="text-sm font-semibold text-amber-900">
          Payout {payoutStatusLabels[payout.status as PayoutStatus].toLowerCase()}: give new details
        </p>
        <Button asChild variant="accent" size="sm">
          <Link href={clientPaths.payout(submission.id)}>Give new payout details</Link>
        </Button>
      </div>
    );
  }
  if (submission.status === 'appraising' || submission.status === 'completed') {
    return (
      <Button asChild variant="outline" size="sm">
        <Link href={clientPaths.submission(submission.id)}>View Details</Link>
      </Button>
    );
  }
  if (submission.status === 'returning') {
    // DECISIONS "Returning": the seller is told where the parcel is, never to print anything.
    return (
      <div className="flex w-full flex-col gap-2 @3xl:w-auto @3xl:items-end">
        <p className="text-sm font-semibold text-navy-900">We are shipping it back</p>
        {submission.returnTrackingNumber && (
          <p className="text-xs text-muted-foreground">
            Tracking number <span className="font-mono font-semibold text-foreground">{submission.returnTrackingNumber}</span>
          </p>
        )}
        <Button asChild variant="outline" size="sm">
          <Link href={clientPaths.submission(submission.id)}>View Details</Link>
        </Button>
      </div>
    );
  }
  if (offer) {
    return (
      <div className="flex w-full flex-col gap-3 @3xl:w-auto @3xl:items-end">
        <p className="flex items-baseline justify-between gap-3 @3xl:flex-col @3xl:items-end @3xl:gap-0">
          <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Final Offer</span>
          <span className="text-xl font-bold tabular-nums text-navy-900">{offer}</span>
        </p>
        <OfferValidity validUntil={submission.offerValidUntil} className="@3xl:justify-end @3xl:text-right" />
        {!expired && <IdBeforePayoutNote submission={submission} className="@3xl:text-right" />}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {expired ? (
            <Button variant="accent" size="sm" disabled>
              Accept Offer
            </Button>
          ) : (
            <Button asChild variant="accent" size="sm">
              <Link href={clientPaths.payout(submission.id)}>Accept Offer</Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link href={clientPaths.consignment(submission.id)}>View Consignment</Link>
          </Button>
          {onDecline && (
            <Button variant="ghost" size="sm" className="text-destructive hover:bg-red-50" onClick={() => onDecline(submission)}>
              Decline offer
            </Button>
          )}
        </div>
      </div>
    );
  }
  return null;
}

/** 'In Progress' while we still have the item to value (new, appraising, an offer not yet written, unknown). */
function showsInProgress(submission: Submission): boolean {
  if (['completed', 'returning', 'returned'].includes(submission.status)) return false;
  return !(submission.status === 'offered' && formatDollars(submission.finalOffer));
}

/** One card of 'My Submissions' (SPEC 2 "Submission card"). */
export function SubmissionCard({
  submission,
  onPrintLabel,
  onDecline,
  printing = false,
  payoutOf,
}: {
  submission: Submission;
  onPrintLabel?: PrintLabelHandler;
  onDecline?: DeclineHandler;
  printing?: boolean;
  payoutOf?: PayoutLookup;
}) {
  return (
    <li
      // Side by side only when the list is wide enough for the title too (a container query: the
      // list is narrow beside the dashboard's side panel); otherwise the actions go under it.
      className="relative flex flex-col gap-4 p-3 hover:bg-muted/40 sm:p-5 @3xl:flex-row @3xl:items-start @3xl:gap-5"
      aria-label={submission.description}
      data-submission-id={submission.id}
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <SubmissionPhotos
          images={submission.images}
          description={submission.description}
          slots={2}
          thumbnails
          className="hidden sm:flex"
        />
        <SubmissionPhotos
          images={submission.images}
          description={submission.description}
          slots={1}
          thumbnails
          className="sm:hidden"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-col items-start gap-2">
            {/* Words wrap whole; only a single word longer than the line is broken. The link's
                box covers the whole card, so a tap anywhere opens the detail (the actions sit above it). */}
            <Link
              href={clientPaths.submission(submission.id)}
              className="min-w-0 rounded-sm font-semibold break-words text-foreground after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {submission.description}
            </Link>
            <SubmissionStatusBadge status={submission.status} />
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{categoryLabel(submission.category)}</span>
            <span aria-hidden="true">·</span>
            {/* A parcel of several: the weight above is only item 1's, so the count says more. */}
            <span>{itemCountText(submission.items) ?? formatWeight(submission)}</span>
          </p>
          {quoteRangeText(submission) && (
            <p className="text-sm">
              <span className="text-muted-foreground">Preliminary quote </span>
              <span className="whitespace-nowrap font-semibold tabular-nums text-navy-900">{quoteRangeText(submission)}</span>
              <QuoteBasis submission={submission} />
            </p>
          )}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={submission.createdAt}>Submitted {formatDateTime(submission.createdAt)}</time>
            <span className="font-mono">#{shortId(submission.id)}</span>
          </p>
          {showsInProgress(submission) && <p className="text-xs font-semibold text-amber-800">In Progress</p>}
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 @3xl:max-w-xs @3xl:justify-end">
        <CardActions
          submission={submission}
          onPrintLabel={onPrintLabel}
          printing={printing}
          onDecline={onDecline}
          payoutOf={payoutOf}
        />
      </div>
    </li>
  );
}
