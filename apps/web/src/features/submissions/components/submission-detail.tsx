import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Download, ImageIcon, Loader2, Printer } from 'lucide-react';
import {
  dollarsToCents,
  formatCents,
  needsNewPayoutDetails,
  payoutMethodInfo,
  shortId,
  type ItemDecisionsResponse,
  type PayoutMethod,
  type Transaction,
} from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';
import { payoutPromiseLine, payoutStateLine } from '@/lib/payout-state';
import { serverPaths } from '@/lib/paths';
import { categoryLabel, formatWeight, thumbnailUrl } from '@/lib/display';
import { formatDateTime, formatDollars, formatWholeDollars } from '@/lib/format';
import { itemHeading, offerItemGroups, offerSpansItems } from '@/lib/offer-items';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { IdBeforePayoutNote } from '@/components/id-before-payout-note';
import { itemCountText, ParcelItems } from '@/components/parcel-items';
import { OfferValidity, useOfferExpired } from '@/components/offer-validity';
import type { LabelSummary, SubmissionDetail } from '../api/get-submission';
import { nextStepText } from '../lib/submission-views';
import { AddPhotosCard, canAddMorePhotos, PhotosClosedNote, type PhotoRequest } from './add-photos';
import { canCounter, CounterOfferSection } from './counter-offer';
import { ItemDecisionsForm, ItemsPayoutStep, keptItemsAnswer } from './item-decisions';
import { OfferBreakdown } from './offer-breakdown';
import { INTAKE_GALLERY_ID, IntakeGallery } from './intake-gallery';
import { InsuredNote, QuoteBasis } from './preliminary-quote';
import { ParcelLabels } from './parcel-labels';
import type { DeclineHandler, PrintLabelHandler } from './submission-card';
import { isReserveWindowOpenFor, ReserveNote } from './reserve-note';
import { useNow } from '@/lib/use-now';
import { SubmissionTimeline } from './submission-timeline';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function LabelLink({ label, children }: { label: LabelSummary; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm" className="self-start">
      <a href={serverPaths.labelPdf(label.id)} download={`shipping-label-${label.trackingNumber}.pdf`}>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}

/**
 * Decision 036: "Offer $360.00 + goodwill $25.00 = $385.00" when the goodwill rides with the offer,
 * or what a declined offer's goodwill payout is; nothing when no goodwill was paid.
 */
function GoodwillLine({ transaction }: { transaction: Transaction }) {
  const goodwill = dollarsToCents(transaction.goodwillAmount) ?? 0;
  if (goodwill <= 0) return null;
  const gross = dollarsToCents(transaction.grossAmount) ?? 0;
  const fee = dollarsToCents(transaction.feeAmount) ?? 0;
  return (
    <p className="mt-3 text-sm text-navy-900" data-testid="payout-goodwill">
      {gross > 0
        ? `Offer ${formatCents(gross)}${fee > 0 ? ` − fee ${formatCents(fee)}` : ''} + goodwill ${formatCents(goodwill)} = ${formatCents(gross - fee + goodwill)}`
        : `Goodwill ${formatCents(goodwill)}: the offer you declined was below your guaranteed floor.`}
    </p>
  );
}

function payoutMethodLabel(method: string): string {
  return (payoutMethodInfo as Record<string, { label: string } | undefined>)[method as PayoutMethod]?.label ?? method;
}

/**
 * 'View Details': every photo, the facts, the status history, labels and the payout; and, while
 * the appraisal is not over and a slot is free, adding photos (with the appraiser's request).
 */
export function SubmissionDetailView({
  detail,
  onPrintLabel,
  onDecline,
  printing = false,
  photoRequest = null,
  payoutRetry,
  goodwillClaim,
}: {
  detail: SubmissionDetail;
  onPrintLabel?: PrintLabelHandler;
  onDecline?: DeclineHandler;
  printing?: boolean;
  /** The latest notification about this submission when it asks for photos. */
  photoRequest?: PhotoRequest | null;
  /** New details for a payout that failed or came back: the payouts feature's form, which the page passes in. */
  payoutRetry?: (transaction: Transaction) => ReactNode;
  /** Decision 036: claiming a declined offer's goodwill (the payouts feature's form, passed in by the page). */
  goodwillClaim?: (goodwill: string) => ReactNode;
}) {
  const owedGoodwill =
    (detail.status === 'returning' || detail.status === 'returned') &&
    !detail.transaction &&
    detail.floorJudgement?.kind === 'shortfall' &&
    detail.floorJudgement.goodwill
      ? detail.floorJudgement.goodwill
      : null;
  const returnTracking = detail.returnTrackingNumber ?? detail.returnLabel?.trackingNumber ?? null;
  // The whole parcel coming back says so below; this is for the items left after a partial sale.
  const itemsComingBack =
    detail.status === 'returning' || detail.status === 'returned'
      ? []
      : (detail.items ?? []).filter((item) => item.outcome === 'returned');
  const min = formatWholeDollars(detail.preliminaryQuoteMin);
  const max = formatWholeDollars(detail.preliminaryQuoteMax);
  const offer = formatDollars(detail.finalOffer);
  // While the seller's reserve has accepted the offer for them, the reserve's note is their one action.
  const reserveOpen = isReserveWindowOpenFor(detail, useNow());
  const canAct = detail.status === 'offered' && offer && !reserveOpen;
  // The detail knows the open offer's version; its lapsed flag and validUntil drive the countdown.
  const validUntil = detail.status === 'offered' ? (detail.offer?.validUntil ?? detail.offerValidUntil) : null;
  const expired = useOfferExpired(validUntil, detail.status === 'offered' && (detail.offer?.lapsed ?? false));
  // Issue 27 item 5: an offer over several items is answered item by item, not as a whole.
  const byItem = detail.offer !== null && offerSpansItems(detail.offer);
  const [itemsAnswer, setItemsAnswer] = useState<ItemDecisionsResponse | null>(null);
  const [changingChoices, setChangingChoices] = useState(false);
  // Every item taken (sale) or some (partial): the offer version to accept is the payout's next step.
  // A version that leaves items out holds the ones the seller kept (a partial answer, seen again
  // after a reload): it is accepted as it stands unless they change their choices.
  const payoutStep: ItemDecisionsResponse | null = !canAct
    ? null
    : itemsAnswer && (itemsAnswer.outcome === 'sale' || itemsAnswer.outcome === 'partial')
      ? itemsAnswer
      : byItem && !changingChoices && detail.offer
        ? keptItemsAnswer(detail.offer, detail.items)
        : null;
  const choosing = canAct && byItem && !payoutStep && !expired && canCounter(detail, expired);
  // With an itemised offer they sit under it, so the seller reads the lines before accepting.
  const buttons = (detail.status === 'new' || canAct) && (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {detail.status === 'new' && onPrintLabel && (
        <Button variant="outline" onClick={() => onPrintLabel(detail)} disabled={printing} aria-busy={printing || undefined}>
          {printing ? (
            <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Printer aria-hidden="true" />
          )}
          Print Label
        </Button>
      )}
      {canAct && !byItem && !payoutStep && (
        <>
          {expired ? (
            <Button variant="accent" disabled>
              Accept Offer
            </Button>
          ) : (
            <Button asChild variant="accent">
              <Link href={clientPaths.payout(detail.id)}>Accept Offer</Link>
            </Button>
          )}
        </>
      )}
      {canAct && (
        <Button asChild variant="outline">
          <Link href={clientPaths.consignment(detail.id)}>View Consignment</Link>
        </Button>
      )}
      {canAct && !byItem && !payoutStep && onDecline && (
        <Button variant="ghost" className="text-destructive hover:bg-red-50" onClick={() => onDecline(detail)}>
          Decline offer
        </Button>
      )}
    </div>
  );
  // A parcel of several items shows each item's photos with the item (parcel-items.tsx); here only
  // the photos added to the whole parcel later, which belong to no item.
  const several = (detail.items?.length ?? 0) > 1;
  const itemPhotos = new Set(several ? (detail.items ?? []).flatMap((item) => item.images) : []);
  const topPhotos = detail.images.filter((src) => !itemPhotos.has(src));
  // The ID step is said before 'Accept Offer', so nobody learns of it only after deciding.
  const idNote = <IdBeforePayoutNote submission={detail} className="text-sm" />;
  const showIdNote = canAct && !expired && !payoutStep;
  const actions = buttons && (
    <>
      {showIdNote && idNote}
      {buttons}
    </>
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
              <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{detail.description}</h2>
              <SubmissionStatusBadge status={detail.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {/* Once paid out, where the money is says more than "recorded". */}
              {detail.status === 'completed' && detail.transaction && payoutStateLine(detail.transaction)
                ? `Sale completed. ${payoutStateLine(detail.transaction)}`
                : nextStepText(detail)}
            </p>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <section aria-label="Photos">
              {topPhotos.length === 0 ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <ImageIcon aria-hidden="true" className="size-4" />{' '}
                  {several ? "Each item's photos are with it in the list below." : 'No photos were added.'}
                </p>
              ) : (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {topPhotos.map((src, index) => (
                    <li key={`${src}-${index}`}>
                      <a
                        href={src}
                        target="_blank"
                        rel="noopener"
                        className="block overflow-hidden rounded-md border border-border bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <img
                          src={thumbnailUrl(src)}
                          alt={several ? `Photo ${index + 1} of the parcel` : `Photo ${index + 1} of ${detail.description}`}
                          className="aspect-square w-full object-cover"
                        />
                        <span className="sr-only"> (opens the full-size photo)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-md bg-muted/60 p-3 sm:grid-cols-3">
              <Fact term="Submission">#{shortId(detail.id)}</Fact>
              {/* A parcel of several: category and weight are each item's, in the list below. */}
              {itemCountText(detail.items) ? (
                <Fact term="Items">{`${itemCountText(detail.items)}, listed below`}</Fact>
              ) : (
                <>
                  <Fact term="Category">{categoryLabel(detail.category)}</Fact>
                  <Fact term="Estimated weight">{formatWeight(detail)}</Fact>
                </>
              )}
              <Fact term="Submitted">{formatDateTime(detail.createdAt)}</Fact>
              <Fact term="Preliminary quote">
                {min && max ? (
                  <>
                    <span className="whitespace-nowrap">{`${min} – ${max}`}</span>
                    <QuoteBasis submission={detail} />
                  </>
                ) : (
                  'Pending'
                )}
              </Fact>
              {/* An itemised offer has its own section (lines, total, validity); SPEC's one number otherwise. */}
              {offer && !detail.offer && <Fact term="Final offer">{offer}</Fact>}
              {detail.actualWeight != null && <Fact term="Actual weight">{`${detail.actualWeight} ${detail.weightUnit}`}</Fact>}
              {detail.consignmentRequestedAt && (
                <Fact term="Consignment requested">{formatDateTime(detail.consignmentRequestedAt)}</Fact>
              )}
            </dl>
            <ParcelItems items={detail.items} />
            <ReserveNote detail={detail} onDecline={onDecline ? () => onDecline(detail) : undefined} />
            {detail.offer ? (
              <OfferBreakdown detail={detail}>
                {payoutStep && (
                  <ItemsPayoutStep
                    detail={detail}
                    answer={payoutStep}
                    expired={expired}
                    idNote={idNote}
                    onChangeChoices={() => {
                      setItemsAnswer(null);
                      setChangingChoices(true);
                    }}
                  />
                )}
                {choosing && detail.offer && (
                  <>
                    {/* Said before the choices too: accepting any item may ask for ID first. */}
                    {showIdNote && idNote}
                    <ItemDecisionsForm
                      detail={detail}
                      groups={offerItemGroups(detail.offer, detail.items)}
                      onAnswer={setItemsAnswer}
                    />
                  </>
                )}
                {choosing ? buttons : actions}
                {/* The reserve's acceptance is answered by declining, not countering (decision 040). */}
                {!reserveOpen && (
                  <CounterOfferSection detail={detail} byItem={byItem} justSent={itemsAnswer?.outcome === 'counter'} />
                )}
              </OfferBreakdown>
            ) : (
              <>
                {canAct && <OfferValidity validUntil={validUntil} lapsed={expired} className="text-sm" />}
                {actions}
              </>
            )}
            {detail.status === 'new' && onPrintLabel && <InsuredNote submission={detail} />}
          </CardContent>
        </Card>
        <IntakeGallery detail={detail} />
        {canAddMorePhotos(detail) && <AddPhotosCard key={detail.id} detail={detail} photoRequest={photoRequest} />}
        <PhotosClosedNote status={detail.status} />
      </div>
      <div className="flex flex-col gap-6">
        <Card role="region" aria-labelledby="detail-timeline-heading">
          <CardHeader className="pb-3">
            <h2 id="detail-timeline-heading" className="text-lg font-semibold">
              Status history
            </h2>
          </CardHeader>
          <CardContent>
            <SubmissionTimeline entries={detail.timeline} photosHref={`#${INTAKE_GALLERY_ID}`} />
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="detail-shipping-heading">
          <CardHeader className="pb-3">
            <h2 id="detail-shipping-heading" className="text-lg font-semibold">
              Shipping
            </h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            {detail.parcels.length > 1 ? (
              // Worth above the per-parcel limit: a label per parcel (issue 27 item 1).
              <ParcelLabels parcels={detail.parcels} printable={detail.status === 'new'} />
            ) : detail.label ? (
              <>
                <p>
                  Tracking number <span className="font-mono font-semibold">{detail.label.trackingNumber}</span>
                </p>
                {/* The label is for sending the item to us: only while it is still with the seller. */}
                {detail.status === 'new' && <LabelLink label={detail.label}>Download shipping label</LabelLink>}
              </>
            ) : (
              <p className="text-muted-foreground">No label available</p>
            )}
            {itemsComingBack.length > 0 && (
              // A partial sale: the declined items travel back in one parcel of their own.
              <div className="flex flex-col gap-1 rounded-md border border-border bg-muted/40 p-3">
                <p className="font-semibold text-navy-900">
                  {detail.returnDeliveredAt
                    ? `The items you declined were delivered back to you on ${formatDateTime(detail.returnDeliveredAt)}`
                    : 'We are shipping back the items you declined'}
                </p>
                <ul className="list-disc pl-5 text-muted-foreground">
                  {itemsComingBack.map((item) => (
                    <li key={item.position}>{itemHeading(item.position, item.description)}</li>
                  ))}
                </ul>
                {returnTracking && (
                  <p>
                    Return tracking number <span className="font-mono font-semibold">{returnTracking}</span>
                  </p>
                )}
              </div>
            )}
            {(detail.status === 'returning' || detail.status === 'returned') && (
              // DECISIONS "Returning": Assay ships it; the seller only follows the parcel.
              <div className="flex flex-col gap-1 rounded-md border border-border bg-muted/40 p-3">
                <p className="font-semibold text-navy-900">
                  {detail.status === 'returning' ? 'We are shipping it back' : 'Delivered back to you'}
                  {detail.status === 'returned' && detail.returnDeliveredAt
                    ? ` on ${formatDateTime(detail.returnDeliveredAt)}`
                    : ''}
                </p>
                {owedGoodwill && goodwillClaim && <div className="mt-2">{goodwillClaim(owedGoodwill)}</div>}
                {(detail.returnTrackingNumber ?? detail.returnLabel?.trackingNumber) && (
                  <p>
                    Return tracking number{' '}
                    <span className="font-mono font-semibold">
                      {detail.returnTrackingNumber ?? detail.returnLabel?.trackingNumber}
                    </span>
                    {detail.freeReturn ? ' (free return shipping)' : ''}
                  </p>
                )}
              </div>
            )}
          </CardContent>
        </Card>
        {detail.transaction && (
          <Card role="region" aria-labelledby="detail-payout-heading">
            <CardHeader className="pb-3">
              <h2 id="detail-payout-heading" className="text-lg font-semibold">
                Payout
              </h2>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3">
                <Fact term="Method">{payoutMethodLabel(detail.transaction.payoutMethod)}</Fact>
                <Fact term="Amount">{formatDollars(detail.transaction.amount) ?? detail.transaction.amount}</Fact>
                {formatDollars(detail.transaction.feeAmount) && detail.transaction.feeAmount !== '0.00' && (
                  <Fact term="Fee">{formatDollars(detail.transaction.feeAmount)}</Fact>
                )}
                <Fact term="Recorded">{formatDateTime(detail.transaction.createdAt)}</Fact>
              </dl>
              <GoodwillLine transaction={detail.transaction} />
              {payoutStateLine(detail.transaction) && (
                <p className="mt-3 text-sm font-medium text-navy-900" data-testid="payout-state">
                  {payoutStateLine(detail.transaction)}
                </p>
              )}
              {payoutPromiseLine(detail.transaction) && (
                <p className="mt-1 text-sm text-muted-foreground">{payoutPromiseLine(detail.transaction)}</p>
              )}
              {payoutRetry && needsNewPayoutDetails(detail.transaction.status) && (
                <div className="mt-4">{payoutRetry(detail.transaction)}</div>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
