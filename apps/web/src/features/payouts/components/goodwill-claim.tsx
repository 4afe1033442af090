import { useId, useRef, type FormEvent } from 'react';
import { toast } from 'sonner';
import { HandCoins } from 'lucide-react';
import {
  dollarsToCents,
  formatCents,
  payoutTiming,
  retryPayoutSchema,
  type PayoutMethod,
  type PayoutRail,
  type RetryPayoutInput,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useClaimGoodwill } from '../api/claim-goodwill';
import { emptyPayoutValues, flatPayoutSchema, invalidPayoutMessage } from '../lib/payout-form';
import { PayoutMethodFields } from './payout-method-fields';

const claimFormSchema = flatPayoutSchema((choice) => retryPayoutSchema.safeParse(choice));

/**
 * A declined offer that missed the guaranteed floor for no measured reason owes the goodwill
 * (decision 036): the seller says where to send it, as at acceptance, and it becomes the
 * submission's one payout. Whole: no fee is kept from it. The server pays it once.
 */
export function GoodwillClaim({
  submissionId,
  goodwill,
  payoutRails,
}: {
  submissionId: string;
  /** The goodwill owed, as the judgement says it ("25.00"). */
  goodwill: string;
  payoutRails?: Partial<Record<PayoutMethod, PayoutRail>>;
}) {
  const claim = useClaimGoodwill();
  const ids = { heading: useId(), form: useId(), legend: useId(), summary: useId() };
  const form = useZodForm(claimFormSchema, { defaultValues: emptyPayoutValues });
  const method = form.watch('payoutMethod');
  const goodwillCents = dollarsToCents(goodwill) ?? 0;
  const amount = formatCents(goodwillCents);
  const sending = useRef(false);

  const send = (body: RetryPayoutInput) => {
    if (sending.current) return;
    sending.current = true;
    claim.mutate(
      { submissionId, body },
      {
        onSuccess: () => toast.success(`Your ${amount} goodwill is on its way`),
        onError: (err) => {
          sending.current = false;
          applyServerIssues(form, err);
          toast.error('Could not claim your goodwill', { description: errorMessage(err, '') || undefined });
        },
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(send, (found) => toast.error(invalidPayoutMessage(method, found, 'Could not claim your goodwill')))(event);

  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-4" data-testid="goodwill-claim">
      <Alert>
        <HandCoins aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h3 id={ids.heading} className="font-semibold">
            Claim your {amount} goodwill
          </h3>
          <p className="text-sm">
            Our offer was below your guaranteed floor for a reason our measurements do not explain, so we owe you {amount} even
            though you declined it. Tell us where to send it; no fee is kept from it.
          </p>
        </div>
      </Alert>
      <form id={ids.form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <PayoutMethodFields
          form={form}
          offerCents={goodwillCents}
          legendId={ids.legend}
          describedBy={ids.summary}
          legend="Where should we send it?"
          rails={payoutRails}
          headingLevel="h4"
          noFees
        />
        <dl id={ids.summary} className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
          <div className="flex justify-between gap-3 font-semibold">
            <dt>You receive</dt>
            <dd className="tabular-nums" data-testid="goodwill-total">
              {amount}
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
          disabled={claim.isPending || claim.isSuccess}
          aria-busy={claim.isPending || undefined}
        >
          {claim.isPending ? 'Sending...' : `Claim ${amount} goodwill`}
        </Button>
      </form>
    </section>
  );
}
