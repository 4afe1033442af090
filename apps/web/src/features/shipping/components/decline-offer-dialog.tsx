import { dollarsToCents, qualifiesForFreeReturn, returnShippingTerms, shortId, type Submission } from '@assay/domain';
import { formatDollars, formatWholeDollars } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import type { DeclineResult } from '../api/decline-offer';

/** The landing page's promise, word for word on the decline screen. */
export const FREE_RETURN_RULE = 'If our final offer is 20% or more below your estimate, return shipping is free.';

/**
 * Asks before declining an offer (the item is then sent back and the offer is gone), says
 * whether this offer earns free return shipping, and afterwards says it is on its way back with
 * the tracking number (the return label is Assay's to print, never the seller's).
 */
export function DeclineOfferDialog({
  submission,
  open,
  pending,
  result,
  onConfirm,
  onClose,
}: {
  submission: Submission;
  open: boolean;
  pending: boolean;
  result: DeclineResult | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const offerCents = submission.finalOffer ? dollarsToCents(submission.finalOffer) : null;
  const min = formatWholeDollars(submission.preliminaryQuoteMin);
  const max = formatWholeDollars(submission.preliminaryQuoteMax);
  const free =
    offerCents !== null && qualifiesForFreeReturn(offerCents, submission.preliminaryQuoteMin, submission.preliminaryQuoteMax);
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };

  if (result) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Offer declined"
        description={`Submission #${shortId(submission.id)} will be returned to you.`}
      >
        <p className="text-sm font-semibold">
          We are shipping it back
          {result.returnLabel ? (
            <>
              {' '}
              — tracking number <span className="font-mono">{result.returnLabel.trackingNumber}</span>
            </>
          ) : null}
          .
        </p>
        <p className="text-sm">
          {result.freeReturn
            ? 'Return shipping is free: our offer was 20% or more below your estimate.'
            : `Our offer was within 20% of your estimate, so this return does not qualify for free return shipping. ${returnShippingTerms.billed}.`}
        </p>
        <DialogActions>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title="Decline this offer?"
      description={`We will return your item: ${submission.description}`}
    >
      <dl className="grid grid-cols-2 gap-3 rounded-md bg-muted/60 p-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Final offer</dt>
          <dd className="font-semibold tabular-nums">{formatDollars(submission.finalOffer) ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Your estimate</dt>
          <dd className="font-semibold tabular-nums">{min && max ? `${min} – ${max}` : '—'}</dd>
        </div>
      </dl>
      <p className="text-sm font-medium">{FREE_RETURN_RULE}</p>
      <p className="text-sm text-muted-foreground">
        {free
          ? 'This offer qualifies: we pay for your return shipping.'
          : `This offer is less than 20% below your estimate, so it does not qualify for free return shipping. ${returnShippingTerms.billed}.`}
      </p>
      <DialogActions>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Keep offer
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Declining...' : 'Decline offer and return my item'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
