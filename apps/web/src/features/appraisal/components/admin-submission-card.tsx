import { useState, type ReactNode } from 'react';
import { ChevronDown, Lock, PackageCheck, ShieldAlert, Truck } from 'lucide-react';
import { shortId, type AdminSubmission, type OfferView } from '@assay/domain';
import { adminCategoryLabel, formatWeight } from '@/lib/display';
import { formatDateTime, formatDollars, formatWholeDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SubmissionPhotos } from '@/components/submission-photos';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { itemCountText, ParcelItems, stonesText } from '@/components/parcel-items';
import { CurrentOffer } from './current-offer';
import { DeadlineCountdown } from './deadline-countdown';
import { DispositionControl } from './disposition-control';
import { OfferForm } from './offer-form';
import { SubmissionActions } from './submission-actions';
import { SellerRecordsLink } from '@/components/seller-records-link';
import { SubmissionHistory } from './submission-history';

/** 'Pending' until the server has stored a preliminary quote. */
function preliminaryRange(submission: AdminSubmission): string {
  const min = formatWholeDollars(submission.preliminaryQuoteMin);
  const max = formatWholeDollars(submission.preliminaryQuoteMax);
  return min && max ? `${min} – ${max}` : 'Pending';
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** What happens next, for submissions that are past the offer form. */
function Outcome({ submission }: { submission: AdminSubmission }) {
  const text =
    submission.status === 'offered'
      ? `Offer of ${formatDollars(submission.finalOffer) ?? '—'} sent ${formatDateTime(submission.offeredAt)}; waiting for the client.`
      : submission.status === 'completed'
        ? 'The client accepted the offer. See the history for the payout.'
        : submission.status === 'returning'
          ? `We are shipping it back${submission.returnTrackingNumber ? ` (tracking number ${submission.returnTrackingNumber})` : ''}. Mark it delivered when it arrives.`
          : submission.status === 'returned'
            ? submission.returnDeliveredAt
              ? `This item was delivered back to the client ${formatDateTime(submission.returnDeliveredAt)}.`
              : 'This item was returned to the client.'
            : null;
  return text ? <p className="rounded-md border border-border bg-muted/40 p-3 text-sm text-foreground">{text}</p> : null;
}

/** One submission as SPEC "Admin mailbox" lists it, with the appraiser's form and buttons. */
export function AdminSubmissionCard({ submission, extras }: { submission: AdminSubmission; extras?: ReactNode }) {
  const [showHistory, setShowHistory] = useState(false);
  /** The offer a new version answers (a counter-offer's answer), while its form is open. */
  const [answering, setAnswering] = useState<OfferView | null>(null);
  const awaitingOffer = submission.status === 'new' || submission.status === 'appraising';
  const historyId = `history-${submission.id}`;
  const itemCount = itemCountText(submission.items);
  const onlyItem = submission.items?.length === 1 ? submission.items[0] : undefined;

  return (
    <article
      aria-label={submission.description}
      data-submission-id={submission.id}
      className={cn(
        'flex flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-card sm:p-5',
        submission.nearingDeadline ? 'border-amber-400' : 'border-border',
      )}
    >
      {/* Awaiting an offer, the form takes the card's whole width below (itemised lines need it). */}
      <div className={cn('grid gap-5', !awaitingOffer && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]')}>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <SubmissionPhotos
              images={submission.images}
              description={submission.description}
              slots={4}
              showEmptySlots
              thumbnails
              enlargeable
              className="order-last sm:order-first"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-col items-start gap-2 xl:flex-row xl:justify-between">
                <h3 className="min-w-0 font-semibold text-foreground [overflow-wrap:anywhere]">{submission.description}</h3>
                <div className="flex flex-wrap gap-1.5">
                  {submission.parcel?.awaitingIntake && (
                    <Badge tone="progress">
                      <PackageCheck aria-hidden="true" className="size-3" />
                      {submission.parcel.label}
                    </Badge>
                  )}
                  {submission.hold && !submission.hold.over && !submission.disposition && (
                    <Badge tone="info" title={submission.hold.basis}>
                      <Lock aria-hidden="true" className="size-3" />
                      {submission.hold.label}
                    </Badge>
                  )}
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
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-md bg-muted/60 p-3 sm:grid-cols-3">
            <Detail term="Category">
              {adminCategoryLabel(submission.category)}
              {itemCount && <span className="whitespace-nowrap font-normal text-muted-foreground">{` · ${itemCount}`}</span>}
            </Detail>
            <Detail term="Customer">{submission.customerLabel}</Detail>
            <Detail term={itemCount ? 'Est. weight (item 1)' : 'Est. weight'}>{formatWeight(submission)}</Detail>
            {/* One item set with stones: its choice, to act on before testing (several items list theirs below). */}
            {!itemCount && onlyItem && onlyItem.stoneChoice && <Detail term="Stones">{stonesText(onlyItem.stoneChoice)}</Detail>}
            <Detail term="Preliminary">{preliminaryRange(submission)}</Detail>
            {awaitingOffer && (
              <Detail term="Guarantee">
                <DeadlineCountdown deadline={submission.guaranteeDeadline} status={submission.status} />
              </Detail>
            )}
            {submission.finalOffer && <Detail term="Final offer">{formatDollars(submission.finalOffer)}</Detail>}
            {submission.actualWeight !== null && (
              <Detail term="Actual weight">
                {formatWeight({ estimatedWeight: submission.actualWeight, weightUnit: submission.weightUnit })}
              </Detail>
            )}
            {/* The seller's state rule, as the payment gate reads it (issue 27 item 8), not only SPEC's $10,000. */}
            {submission.idRule && <Detail term="ID rule">{submission.idRule}</Detail>}
            {submission.reserve && (
              <Detail term="Reserve">
                {formatDollars(submission.reserve.amount)}
                <span className="block text-xs font-normal text-muted-foreground">
                  {submission.reserve.declineUntil
                    ? `Met: accepted for the seller, who may decline until ${formatDateTime(submission.reserve.declineUntil)}`
                    : 'An offer at or above it is accepted for them'}
                </span>
              </Detail>
            )}
            {submission.hold && (
              <Detail term="Hold">
                {submission.hold.over ? 'Hold over' : submission.hold.label}
                <span className="block text-xs font-normal text-muted-foreground">{submission.hold.basis}</span>
              </Detail>
            )}
            {submission.parcel && (
              <div className="col-span-2 min-w-0 sm:col-span-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Inbound parcel</dt>
                <dd className="mt-0.5 flex items-start gap-1.5 text-sm text-foreground [overflow-wrap:anywhere]">
                  <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-navy-400" />
                  <span>
                    <span className="font-medium">{submission.parcel.label}</span>
                    <span className="text-muted-foreground"> · {submission.parcel.detail}</span>
                  </span>
                </dd>
              </div>
            )}
          </dl>
          <ParcelItems items={submission.items} forAppraiser headingLevel={4} />
        </div>
        {!awaitingOffer && (
          <div className="flex min-w-0 flex-col gap-3">
            {submission.status === 'offered' && !answering ? (
              <CurrentOffer submission={submission} onAnswer={setAnswering} fallback={<Outcome submission={submission} />} />
            ) : (
              <Outcome submission={submission} />
            )}
            {submission.adminNotes && (
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                <span className="font-medium text-foreground">Notes (internal): </span>
                {submission.adminNotes}
              </p>
            )}
          </div>
        )}
      </div>
      {awaitingOffer && <OfferForm submission={submission} />}
      {answering && (
        <section aria-label="New offer" className="flex flex-col gap-3 border-t border-border pt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold text-navy-900">New offer, answering the client&apos;s counter-offer</h4>
            <Button size="sm" variant="ghost" onClick={() => setAnswering(null)}>
              Cancel
            </Button>
          </div>
          <OfferForm submission={submission} startFrom={answering.lines} onSent={() => setAnswering(null)} />
        </section>
      )}
      {extras}
      <div className="flex flex-col gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between">
        <SubmissionActions submission={submission} />
        <DispositionControl submission={submission} />
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((shown) => !shown)}
          className="self-start sm:ml-auto sm:self-auto"
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', showHistory && 'rotate-180')} />
          {showHistory ? 'Hide history' : 'History'}
        </Button>
      </div>
      {showHistory && (
        <div id={historyId} className="flex flex-col gap-2">
          <SellerRecordsLink userId={submission.userId} className="self-start px-0" />
          <SubmissionHistory submissionId={submission.id} />
        </div>
      )}
    </article>
  );
}
