import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { payoutApprovalMessages, type AdminPayout } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useApprovePayout } from '../api/admin-payouts';

/**
 * Four eyes on large payments (decision 027): a payout above the limit says it needs a second
 * admin's approval; the Approve button is only for an admin who may give it (the server says who,
 * `approval.mayApprove`), and the offer's maker reads why not instead. The server checks again.
 */
export function PayoutApprovalControl({ payout, summary }: { payout: AdminPayout; summary: string }) {
  const approve = useApprovePayout();
  const approval = payout.approval;
  if (!approval) return null;
  if (approval.approved) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="payout-approved">
        Approved by a second admin
        {approval.approvedAt && (
          <>
            {' '}
            <time dateTime={approval.approvedAt}>{formatDateTime(approval.approvedAt)}</time>
          </>
        )}
        .
      </p>
    );
  }
  if (payout.status !== 'pending') return null;
  const busy = approve.isPending;
  return (
    <div className="flex flex-col gap-2 sm:items-end" data-testid="payout-approval">
      <Badge tone="progress">{payoutApprovalMessages.badge}</Badge>
      {approval.mayApprove ? (
        <Button
          size="sm"
          className="w-full sm:w-auto"
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={`Approve: ${summary}`}
          onClick={() =>
            approve.mutate(payout.id, {
              onSuccess: () => toast.success('Payout approved', { description: summary }),
              onError: (err) => toast.error(errorMessage(err, 'Could not approve the payout')),
            })
          }
        >
          <ShieldCheck aria-hidden="true" />
          {busy ? 'Approving…' : 'Approve'}
        </Button>
      ) : (
        approval.whyNot && (
          <p className="break-words text-sm text-muted-foreground sm:max-w-56 sm:text-right">{approval.whyNot}</p>
        )
      )}
    </div>
  );
}
