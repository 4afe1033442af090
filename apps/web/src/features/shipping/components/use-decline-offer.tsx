import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Submission } from '@assay/domain';
import { apiErrorCode, errorMessage } from '@/lib/api-client';
import { useDeclineOffer, type DeclineResult } from '../api/decline-offer';
import { AddressDialog } from './address-dialog';
import { DeclineOfferDialog } from './decline-offer-dialog';

export interface DeclineOfferFlow {
  /** Opens the confirmation for this offered submission. */
  start: (submission: Submission) => void;
  /** The dialogs; render once on the page. */
  dialog: ReactNode;
}

/**
 * Declining an offer (DECISIONS "Declining an offer"): confirm with the free-return rule, ask for
 * the return address the first time (409 ADDRESS_REQUIRED), then show the return label.
 */
export function useDeclineOfferFlow(): DeclineOfferFlow {
  const decline = useDeclineOffer();
  const [target, setTarget] = useState<Submission | null>(null);
  const [askAddress, setAskAddress] = useState(false);
  const [result, setResult] = useState<DeclineResult | null>(null);

  const close = () => {
    setTarget(null);
    setResult(null);
    setAskAddress(false);
  };

  const confirm = (submission: Submission) =>
    decline.mutate(submission.id, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success('Offer declined', {
          description: answer.freeReturn
            ? 'Your item is on its way back with free return shipping.'
            : 'We will send your item back to you.',
        });
      },
      onError: (err) => {
        if (apiErrorCode(err) === 'ADDRESS_REQUIRED') {
          setAskAddress(true);
          return;
        }
        toast.error('Could not decline the offer', { description: errorMessage(err) });
      },
    });

  const dialog = target ? (
    <>
      <DeclineOfferDialog
        submission={target}
        open={!askAddress}
        pending={decline.isPending}
        result={result}
        onConfirm={() => confirm(target)}
        onClose={close}
      />
      <AddressDialog
        open={askAddress}
        onOpenChange={(open) => {
          if (!open) setAskAddress(false);
        }}
        title="Where should we return your item?"
        description="We ship it back to this address, and keep it on your profile for next time."
        submitLabel="Save and decline offer"
        onSaved={() => {
          setAskAddress(false);
          confirm(target);
        }}
      />
    </>
  ) : null;

  return {
    start: (submission) => {
      decline.reset();
      setResult(null);
      setAskAddress(false);
      setTarget(submission);
    },
    dialog,
  };
}
