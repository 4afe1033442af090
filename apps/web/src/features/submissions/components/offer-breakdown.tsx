import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { formatCents, type OfferLine, type OfferView } from '@assay/domain';
import { formatDateTime, formatDollars } from '@/lib/format';
import { itemHeading, itemsLeftOut, offerItemGroups, offerSpansItems, type OfferItemGroup } from '@/lib/offer-items';
import { cn } from '@/lib/utils';
import { OfferValidity, useOfferExpired } from '@/components/offer-validity';
import type { SubmissionDetail } from '../api/get-submission';
import { counterStatusText } from './counter-offer';
import { isReserveWindowOpenFor } from './reserve-note';
import { useNow } from '@/lib/use-now';
import { lineMaterialText, linePriceText, lineTestText, lineWeightText, offerStatusText, trimDecimal } from './offer-line-text';
import { GuaranteeFloorNote } from './guarantee-floor-note';
import { quoteRangeText } from './preliminary-quote';

const money = (value: string) => formatDollars(value) ?? `$${value}`;

function LineFact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * One line as a block that reads the same on a phone and a desktop: what it is and its amount on
 * top, then the facts it was computed from; the appraiser's reason when the amount left the
 * proposal. An amount-only line (SPEC's one-number offer, an accepted counter-offer) has only its
 * description, weight and amount.
 */
function OfferLineItem({ line }: { line: OfferLine }) {
  const material = lineMaterialText(line);
  const tested = lineTestText(line);
  const price = linePriceText(line);
  const changed = line.proposedAmount !== null && line.proposedAmount !== line.amount;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-navy-900 [overflow-wrap:anywhere]">{line.description}</p>
          {material && (
            <p className="text-xs text-muted-foreground">
              {material}
              {tested && (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">{`Test: ${tested}`}</span>
                </>
              )}
            </p>
          )}
        </div>
        <p className="shrink-0 font-semibold tabular-nums text-navy-900">{money(line.amount)}</p>
      </div>
      {/* On a phone the long price takes its own row; from sm up the three sit side by side. */}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:gap-x-6">
        <LineFact term="Weight">{lineWeightText(line)}</LineFact>
        {line.percentPaid && <LineFact term="We pay">{`${trimDecimal(line.percentPaid)}%`}</LineFact>}
        {price && (
          <LineFact term="Price used" className="col-span-2 sm:col-span-1">
            {price}
          </LineFact>
        )}
        {/* The bench's tests of this line (issue 28), one per row: "XRF: Au 58.4%, Ag 25.1%". */}
        {line.testSummaries && line.testSummaries.length > 0 && (
          <LineFact term="How we tested it" className="col-span-2 sm:col-span-3">
            {line.testSummaries.map((summary, index) => (
              <span key={index} className="block">
                {summary}
              </span>
            ))}
          </LineFact>
        )}
      </dl>
      {changed && line.proposedAmount && (
        <p className="rounded-md bg-gold-50 px-2 py-1.5 text-xs text-navy-900">
          Our appraiser changed this from the {money(line.proposedAmount)} these prices give
          {line.reason ? `: ${line.reason}` : '.'}
        </p>
      )}
      {!changed && line.reason && <p className="text-xs text-muted-foreground">Note: {line.reason}</p>}
    </li>
  );
}

/**
 * Issue 27 item 5: an offer that prices several items shows each item with its lines and its
 * subtotal, and what the seller chose for its stones, since each item is taken or left on its own.
 */
function OfferItems({ groups }: { groups: readonly OfferItemGroup[] }) {
  return (
    <ol aria-label="Items" className="flex flex-col gap-3">
      {groups.map((group) => {
        const heading = itemHeading(group.position, group.description);
        return (
          <li key={group.position} aria-label={heading} className="flex flex-col gap-2 rounded-md bg-muted/40 p-3">
            <div className="flex items-baseline justify-between gap-3 border-b border-border pb-2">
              <h4 className="min-w-0 font-semibold text-navy-900 [overflow-wrap:anywhere]">{heading}</h4>
              <p className="shrink-0 font-semibold tabular-nums text-navy-900" data-testid={`item-${group.position}-subtotal`}>
                {formatCents(group.subtotalCents)}
              </p>
            </div>
            {group.stones && <p className="text-xs text-muted-foreground">Stones: {group.stones}</p>}
            <ul aria-label={`Lines of item ${group.position}`} className="flex flex-col divide-y divide-border">
              {group.lines.map((line) => (
                <OfferLineItem key={line.position} line={line} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

/** A collapsed list of the versions before this one, each with the counter-offer made on it. */
function EarlierOffers({ offers }: { offers: OfferView[] }) {
  if (offers.length === 0) return null;
  return (
    <details className="group rounded-md border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-sm font-medium text-navy-900 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        Earlier offers ({offers.length})
      </summary>
      <ol className="flex flex-col divide-y divide-border border-t border-border px-3 text-sm">
        {offers.map((offer) => (
          <li key={offer.id} className="flex flex-col gap-0.5 py-2">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span>
                Version {offer.version}, {formatDateTime(offer.offeredAt)}
              </span>
              <span className="font-semibold tabular-nums">{money(offer.total)}</span>
            </p>
            <p className="text-xs text-muted-foreground">{offerStatusText(offer)}</p>
            {offer.counter && <p className="text-xs text-muted-foreground">{counterStatusText(offer.counter)}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * "Our offer" (issue 11 item 3): each line with the price it used (source and time) and the % we
 * pay, the total beside the preliminary quote, how it was computed, how long it stays valid, and
 * the earlier versions.
 */
export function OfferBreakdown({ detail, children }: { detail: SubmissionDetail; children?: ReactNode }) {
  const offer = detail.offer;
  const live = detail.status === 'offered' && offer?.status === 'open';
  const expired = useOfferExpired(offer?.validUntil, offer?.lapsed ?? false);
  // While the seller's reserve has accepted it, the reserve's 24 h window is the one clock shown (decision 040).
  const reserveOpen = isReserveWindowOpenFor(detail, useNow());
  if (!offer) return null;
  const quote = quoteRangeText(detail);
  const groups = offerSpansItems(offer) ? offerItemGroups(offer, detail.items) : null;
  // After a partial sale the new version holds only the accepted items; the others come back.
  const comingBack = offer.status === 'open' ? itemsLeftOut(offer, detail.items) : [];
  const priced = offer.lines.some((line) => line.material !== null);
  // The version before this one had the seller's counter-offer accepted: this total is the agreement.
  const agreed =
    detail.previousOffers[0]?.counter?.status === 'accepted' && detail.previousOffers[0].version === offer.version - 1;
  return (
    <section aria-labelledby="offer-breakdown-heading" className="flex flex-col gap-4 rounded-lg border border-border p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="offer-breakdown-heading" className="text-base font-semibold text-navy-900">
          Our offer
        </h3>
        {offer.version > 1 && <span className="text-xs text-muted-foreground">Version {offer.version}</span>}
      </div>
      {groups ? (
        <OfferItems groups={groups} />
      ) : (
        <ul aria-label="Offer lines" className="flex flex-col divide-y divide-border">
          {offer.lines.map((line) => (
            <OfferLineItem key={line.position} line={line} />
          ))}
        </ul>
      )}
      {comingBack.length > 0 && (
        <div className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium text-navy-900">
            {comingBack.length === 1 ? 'You declined this item' : 'You declined these items'}; we send{' '}
            {comingBack.length === 1 ? 'it' : 'them'} back to you, insured, in one parcel once you are paid:
          </p>
          <ul aria-label="Coming back to you" className="mt-1 list-disc pl-5 text-muted-foreground">
            {comingBack.map((item) => (
              <li key={item.position}>{itemHeading(item.position, item.description)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-1 border-t-2 border-navy-900/15 pt-3">
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-semibold text-navy-900">{agreed ? 'Agreed total' : 'Final offer'}</span>
          <span className="text-xl font-bold tabular-nums text-navy-900" data-testid="offer-total">
            {money(offer.total)}
          </span>
        </p>
        {quote && (
          <p className="text-sm text-muted-foreground">
            Your preliminary quote was <span className="whitespace-nowrap">{quote}</span>.
          </p>
        )}
        {agreed && (
          <p className="text-sm text-navy-900">
            We accepted your counter-offer of {money(offer.total)}: the lines are our appraisal, kept as it was made.
          </p>
        )}
        {priced && (
          <p className="text-xs text-muted-foreground">
            Each line is the price used × the weight × the purity × the % we pay; the offer is the sum of the lines.
          </p>
        )}
      </div>
      <GuaranteeFloorNote judgement={detail.floorJudgement} items={detail.items} />
      {live && !reserveOpen && <OfferValidity validUntil={offer.validUntil} lapsed={expired} className="text-sm" />}
      {children}
      <EarlierOffers offers={detail.previousOffers} />
    </section>
  );
}
