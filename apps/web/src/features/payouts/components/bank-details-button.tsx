import { useState } from 'react';
import { Eye } from 'lucide-react';
import { toast } from 'sonner';
import type { RevealedBankDetails } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { useRevealBankDetails } from '../api/admin-payouts';

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-mono font-semibold tabular-nums text-foreground [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/**
 * For an ACH payout sent by hand: fetches the full account and routing numbers on request (each
 * look is audited) and forgets them when the dialog closes.
 */
export function BankDetailsButton({ transactionId, summary }: { transactionId: string; summary: string }) {
  const reveal = useRevealBankDetails();
  const [details, setDetails] = useState<RevealedBankDetails | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className="w-full sm:w-auto"
        disabled={reveal.isPending}
        aria-label={`Show bank details: ${summary}`}
        onClick={() =>
          reveal.mutate(transactionId, {
            onSuccess: setDetails,
            onError: (err) => toast.error(errorMessage(err, 'Failed to load the bank details')),
          })
        }
      >
        <Eye aria-hidden="true" />
        {reveal.isPending ? 'Loading…' : 'Bank details'}
      </Button>
      <Dialog
        open={details !== null}
        onOpenChange={(open) => !open && setDetails(null)}
        title="Bank details"
        description={`${summary}. This look is recorded in the audit log.`}
      >
        {details && (
          <dl className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-4 text-sm">
            <Row term="Account holder" value={details.accountName} />
            <Row term="Routing number" value={details.routingNumber} />
            <Row term="Account number" value={details.accountNumber} />
          </dl>
        )}
        <DialogActions>
          <Button variant="outline" onClick={() => setDetails(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
