import { useState, type ReactNode } from 'react';
import { Check, MessageSquareReply, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatCents,
  formatOfferDeadline,
  formatReferencePrice,
  itemTypeLabels,
  offerCountdown,
  type AdminSubmission,
  type OfferLine,
  type OfferView,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDollars } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAdminSubmissionDetail } from '../api/mailbox';
import { useAcceptCounterOffer, useReissueOffer } from '../api/submission-actions';
import { isItemType, plainDecimal } from '../lib/offer-line-values';
import { counterItemRows, itemHeading, offerItemGroups, offerSpansItems } from '@/lib/offer-items';

const failed = (title: string) => (err: unknown) => toast.error(title, { description: errorMessage(err, '') || undefined });

/** "9.6 g Gold 14K, 58.5% (XRF) at $100.00/g, 90% paid", or just the weight for an amount-only line. */
function lineBasis(line: OfferLine): string {
  const weight = `${plainDecimal(line.weight)} ${line.weightUnit}`;
  if (!isItemType(line.material)) return weight;
  const price = line.referencePrice
    ? ` at ${formatReferencePrice(line.referencePrice)}/${line.referenceUnit === 'carat' ? 'ct' : 'g'}`
    : '';
  const purity = line.purityPercent ? `, ${plainDecimal(line.purityPercent)}%` : '';
  const paid = line.percentPaid ? `, ${plainDecimal(line.percentPaid)}% paid` : '';
  return `${weight} ${itemTypeLabels[line.material]}${purity}${price}${paid}`;
}

function OfferLines({ lines, label = 'Offer lines' }: { lines: readonly OfferLine[]; label?: string }) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm" aria-label={label}>
      {lines.map((line) => (
        <li key={line.position} className="flex justify-between gap-3 border-b border-border pb-1.5 last:border-0 last:pb-0">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="font-medium text-foreground">{line.description}</span>
            <span className="block text-xs text-muted-foreground">{lineBasis(line)}</span>
            {line.reason && <span className="block text-xs text-muted-foreground">Reason: {line.reason}</span>}
          </span>
          <span className="shrink-0 font-semibold tabular-nums">{formatDollars(line.amount)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Issue 27 item 5: an offer over several items shows each item's lines under it, with its subtotal. */
function OfferItems({ offer, items }: { offer: OfferView; items: AdminSubmission['items'] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Items">
      {offerItemGroups(offer, items).map((group) => {
        const heading = itemHeading(group.position, group.description);
        return (
          <li key={group.position} aria-label={heading} className="flex flex-col gap-1.5">
            <p className="flex justify-between gap-3 text-sm font-semibold text-navy-900">
              <span className="min-w-0 [overflow-wrap:anywhere]">{heading}</span>
              <span className="shrink-0 tabular-nums">{formatCents(group.subtotalCents)}</span>
            </p>
            {group.stones && <p className="text-xs text-muted-foreground">Stones: {group.stones}</p>}
            <OfferLines lines={group.lines} label={`Lines of item ${group.position}`} />
          </li>
        );
      })}
    </ol>
  );
}

/** Valid until, with the time left; an offer past it can only be re-issued. */
function Validity({ offer }: { offer: OfferView }) {
  const now = useNow(30_000);
  const left = offerCountdown(offer.validUntil, now);
  const lapsed = offer.lapsed || left.expired;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {lapsed ? (
        <>
          <Badge tone="danger">Lapsed</Badge>
          <span>Expired {formatOfferDeadline(new Date(offer.validUntil))}; the client can no longer accept it.</span>
        </>
      ) : (
        <>
          <span>Valid until {formatOfferDeadline(new Date(offer.validUntil))}</span>
          <Badge tone={left.urgent ? 'progress' : 'neutral'}>{left.label}</Badge>
        </>
      )}
    </p>
  );
}

type Pending = 'accept' | 'reissue' | null;

/**
 * An offered submission's current version (DECISIONS "The honest offer"): its lines and validity,
 * a counter-offer waiting for an answer, and re-issuing at today's prices (prominent once it lapsed).
 */
export function CurrentOffer({
  submission,
  onAnswer,
  fallback,
}: {
  submission: AdminSubmission;
  onAnswer: (offer: OfferView) => void;
  /** What to say when there is no open version to show (an offer made before versions, say). */
  fallback: ReactNode;
}) {
  const detail = useAdminSubmissionDetail(submission.id, true);
  const [asking, setAsking] = useState<Pending>(null);
  const accept = useAcceptCounterOffer({
    onSuccess: () => {
      setAsking(null);
      toast.success('Counter-offer accepted', { description: 'It is now the offer; the client has been told.' });
    },
    onError: (err) => {
      setAsking(null);
      failed('Failed to accept the counter-offer')(err);
    },
  });
  const reissue = useReissueOffer({
    onSuccess: () => {
      setAsking(null);
      toast.success("Offer re-issued at today's prices", { description: 'The client has been told.' });
    },
    onError: (err) => {
      setAsking(null);
      failed('Failed to re-issue the offer')(err);
    },
  });

  if (detail.isPending) return <Spinner label="Loading the offer..." className="py-2" />;
  if (detail.isError) {
    return (
      <>
        {fallback}
        <LoadError
          message={`Could not load the offer. ${errorMessage(detail.error, '')}`}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }
  const offer = detail.data.offer;
  if (!offer || offer.status !== 'open') return fallback;
  const counter = offer.counter?.status === 'open' ? offer.counter : null;
  const lapsed = offer.lapsed || offerCountdown(offer.validUntil).expired;
  const busy = accept.isPending || reissue.isPending;
  const counterAmount = counter ? formatDollars(counter.amount) : null;
  const items = detail.data.items ?? submission.items;
  // A counter made item by item: each item accepted, countered or declined (coming back).
  const counterRows = counter?.items ? counterItemRows(counter, offer, items) : [];

  return (
    <section aria-label="Current offer" className="flex flex-col gap-3 rounded-md border border-border p-3">
      <h4 className="text-sm font-semibold text-navy-900">
        Offer of {formatDollars(offer.total)} sent {formatDateTime(offer.offeredAt)}
        {offer.version > 1 ? ` (version ${offer.version})` : ''}
      </h4>
      <Validity offer={offer} />
      {!counter && !lapsed && <p className="text-sm text-muted-foreground">Waiting for the client.</p>}
      {offerSpansItems(offer) ? <OfferItems offer={offer} items={items} /> : <OfferLines lines={offer.lines} />}
      {counter && (
        <Alert variant="warning" className="flex-col gap-2">
          <p>
            <strong>{counter.items ? 'Client answered item by item' : `Client countered ${counterAmount}`}</strong>
            {counter.message ? `: “${counter.message}”` : '.'}
          </p>
          {counterRows.length > 0 && (
            <ul aria-label="The client's choice for each item" className="flex flex-col gap-0.5 text-sm">
              {counterRows.map((row) => (
                <li key={row.position} className="flex flex-wrap justify-between gap-x-3">
                  <span className="min-w-0 [overflow-wrap:anywhere]">{row.heading}</span>
                  <span className="font-medium">{row.text}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="accent" disabled={busy} onClick={() => setAsking('accept')}>
              <Check aria-hidden="true" />
              Accept counter-offer
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAnswer(offer)}>
              <MessageSquareReply aria-hidden="true" />
              Answer with a new offer
            </Button>
          </div>
        </Alert>
      )}
      {lapsed && <p className="text-sm text-foreground">Re-issue it at today's prices so the client can accept again.</p>}
      <Button
        size="sm"
        variant={lapsed ? 'accent' : 'outline'}
        className={cn('self-start', lapsed && 'h-10 px-4')}
        disabled={busy}
        onClick={() => setAsking('reissue')}
      >
        <RefreshCw aria-hidden="true" />
        Re-issue at today&apos;s prices
      </Button>

      <Dialog
        open={asking === 'accept'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Accept the counter-offer?"
        description={
          counter?.items
            ? `The countered items at the client's amounts and the accepted ones at ours become the offer; the declined items stay declined. ${submission.customerLabel} is told at once.`
            : `${counterAmount ?? ''} becomes the offer (a new version of one line), and ${submission.customerLabel} is told at once.`
        }
        busy={accept.isPending}
      >
        <DialogActions>
          <Button variant="outline" onClick={() => setAsking(null)} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button variant="accent" onClick={() => accept.mutate(submission.id)} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : `Accept ${counterAmount ?? ''}`}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={asking === 'reissue'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Re-issue at today's prices?"
        description={`Each line is priced again at today's live price with the same % paid; any adjustment and its reason stay. ${submission.customerLabel} gets the new offer, valid again from now.`}
        busy={reissue.isPending}
      >
        <DialogActions>
          <Button variant="outline" onClick={() => setAsking(null)} disabled={reissue.isPending}>
            Cancel
          </Button>
          <Button onClick={() => reissue.mutate(submission.id)} disabled={reissue.isPending}>
            {reissue.isPending ? 'Re-issuing…' : 'Re-issue offer'}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
