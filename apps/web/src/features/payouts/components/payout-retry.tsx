import { useId, useMemo, useRef, type FormEvent } from 'react';
import { toast } from 'sonner';
import { TriangleAlert } from 'lucide-react';
import {
  canPayOut,
  dollarsToCents,
  formatCents,
  payoutAmountCents,
  payoutFeeCents,
  payoutTiming,
  payoutRetryNotice,
  retryPayoutSchema,
  type PayoutMethod,
  type PayoutRail,
  type RetryPayoutInput,
  type Transaction,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { payoutStateLine } from '@/lib/payout-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useRetryPayout } from '../api/retry-payout';
import { emptyPayoutValues, flatPayoutSchema, invalidPayoutMessage } from '../lib/payout-form';
import { PayoutMethodFields } from './payout-method-fields';

const retryFormSchema = flatPayoutSchema((choice) => retryPayoutSchema.safeParse(choice));

/**
 * A payout that failed, came back or was not claimed (needsNewPayoutDetails): says why, plainly,
 * and takes new details for the same payout (POST /api/transactions/<id>/retry). The server makes
 * sure it is never paid twice; this form only makes sure it is never sent twice.
 */
export function PayoutRetry({
  transaction,
  headingLevel = 'h2',
  payoutRails,
}: {
  transaction: Transaction;
  /** Which rail carries each method here (GET /api/business, handed in by the page). */
  payoutRails?: Partial<Record<PayoutMethod, PayoutRail>>;
  /** The level of this part's own heading; the method's sub-headings go one below it. */
  headingLevel?: 'h2' | 'h3';
}) {
  const retry = useRetryPayout();
  const ids = { heading: useId(), form: useId(), legend: useId(), summary: useId() };
  const form = useZodForm(retryFormSchema, { defaultValues: emptyPayoutValues });
  const method = form.watch('payoutMethod');
  const grossCents = dollarsToCents(transaction.grossAmount) ?? 0;
  // Decision 036: the goodwill is paid whole; a declined offer's goodwill payout has no offer at all.
  const goodwillCents = dollarsToCents(transaction.goodwillAmount) ?? 0;
  const goodwillOnly = grossCents === 0 && goodwillCents > 0;
  const payable = goodwillOnly || canPayOut(grossCents, method);
  const netCents = goodwillOnly ? goodwillCents : payable ? payoutAmountCents(grossCents, method) + goodwillCents : 0;
  const notice = useMemo(
    () => payoutRetryNotice({ status: transaction.status, method: transaction.payoutMethod, reason: transaction.statusReason }),
    [transaction.status, transaction.payoutMethod, transaction.statusReason],
  );
  const Heading = headingLevel;
  // A second click lands before the mutation's pending state renders: the ref closes the gap.
  const sending = useRef(false);

  const send = (body: RetryPayoutInput) => {
    if (sending.current) return;
    sending.current = true;
    retry.mutate(
      { transactionId: transaction.id, body },
      {
        onSuccess: (updated) => {
          toast.success('New payout details received', { description: payoutStateLine(updated) ?? undefined });
        },
        onError: (err) => {
          sending.current = false;
          applyServerIssues(form, err);
          toast.error('Could not save your new details', { description: errorMessage(err, '') || undefined });
        },
      },
    );
  };
  // Built on submit, not during render: the guard above is read only when the seller sends.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(send, (found) => toast.error(invalidPayoutMessage(method, found, 'Could not save your new details')))(
      event,
    );

  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-4" data-testid="payout-retry">
      <Alert variant="warning">
        <TriangleAlert aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <Heading id={ids.heading} className="font-semibold">
            {notice ?? 'We could not pay you.'}
          </Heading>
          <p className="text-sm">
            Please give us new payout details below and we will send your {formatCents(grossCents + goodwillCents)} again. Nothing
            is paid twice.
          </p>
        </div>
      </Alert>
      <form id={ids.form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <PayoutMethodFields
          form={form}
          offerCents={goodwillOnly ? goodwillCents : grossCents}
          noFees={goodwillOnly}
          legendId={ids.legend}
          describedBy={ids.summary}
          legend="Where should we send it now?"
          rails={payoutRails}
          headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'}
        />
        <dl id={ids.summary} className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
          {method === 'paypal' && !goodwillOnly && (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">PayPal fee (2.9% + $0.30)</dt>
              <dd className="tabular-nums text-destructive">−{formatCents(payoutFeeCents(grossCents, method))}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 font-semibold">
            <dt>You receive</dt>
            <dd className="tabular-nums" data-testid="retry-total">
              {formatCents(netCents)}
            </dd>
          </div>
          <div className="flex justify-between gap-3 text-muted-foreground">
            <dt>Arrives</dt>
            <dd>{payoutTiming(method, payoutRails?.[method])}</dd>
          </div>
        </dl>
        <Button
          type="submit"
          variant="accent"
          className="self-start"
          disabled={retry.isPending || retry.isSuccess || !payable}
          aria-busy={retry.isPending || undefined}
        >
          {retry.isPending ? 'Sending...' : 'Send new details'}
        </Button>
      </form>
    </section>
  );
}
