import { type ComponentProps, useId } from 'react';
import { History, Percent } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatPercentRange, isGemItemType, payoutRateInputSchema, type PayoutRateView } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePayoutRates } from '../api/get-payout-rates';
import { useUpdatePayoutRate } from '../api/update-payout-rate';
import { formatRateSince } from './rate-since';

/** Percents as people type them ('85.5 %'), read by the domain's payoutRateInputSchema. */
const payoutRateFormSchema = z
  .object({ minPercent: z.string(), maxPercent: z.string() })
  .transform(({ minPercent, maxPercent }) => ({
    minPercent: minPercent.replace(/[\s%]/g, ''),
    maxPercent: maxPercent.replace(/[\s%]/g, ''),
  }))
  .pipe(payoutRateInputSchema);

const basisOf = (itemType: PayoutRateView['itemType']) => (isGemItemType(itemType) ? 'of the reference' : 'of metal value');

const ROW_GRID =
  'sm:grid sm:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.1fr)_auto] sm:items-start sm:gap-4';

/** One end of a rate: a percent input with its "%" sign, labelled for screen readers by item type. */
function PercentField({
  label,
  bound,
  error,
  ...input
}: { label: string; bound: 'minimum' | 'maximum'; error: string | undefined } & ComponentProps<typeof Input>) {
  return (
    <Field
      label={
        <>
          <span className="sr-only">{label}</span>
          {bound} %
        </>
      }
      labelClassName="text-xs capitalize sm:sr-only"
      error={error}
      className="gap-1.5"
    >
      {(control) => (
        <div className="relative">
          <Input {...control} inputMode="decimal" autoComplete="off" className="pr-7 tabular-nums" {...input} />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            %
          </span>
        </div>
      )}
    </Field>
  );
}

/** One item type's rate, edited in place with its own Save; what was typed stays after a refusal. */
function RateRow({ rate }: { rate: PayoutRateView }) {
  const update = useUpdatePayoutRate();
  const form = useZodForm(payoutRateFormSchema, {
    defaultValues: { minPercent: rate.minPercent, maxPercent: rate.maxPercent },
  });
  const { errors } = form.formState;
  /** Issues the server sent without a field (FORM_ERROR). */
  const formError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { itemType: rate.itemType, ...values },
      {
        onSuccess: (saved) => {
          form.reset({ minPercent: saved.minPercent, maxPercent: saved.maxPercent });
          toast.success(`${rate.label} payout rate saved`, {
            description: `We now pay ${formatPercentRange(saved)} ${basisOf(saved.itemType)}.`,
          });
        },
        onError: (err) => {
          applyServerIssues(form, err);
          toast.error(`Failed to save the ${rate.label} payout rate`, { description: errorMessage(err, 'Please try again.') });
        },
      },
    ),
  );

  return (
    <li
      className="border-t border-border py-4 first:border-t-0 sm:py-3"
      data-testid="payout-rate-editor"
      data-item-type={rate.itemType}
    >
      <form
        noValidate
        aria-label={`${rate.label} payout rate`}
        onSubmit={(event) => void onSubmit(event)}
        className={cn('flex flex-col gap-3', ROW_GRID)}
      >
        <div className="flex min-w-0 flex-col sm:pt-2.5">
          <span className="font-semibold text-navy-900">{rate.label}</span>
          <span className="text-xs text-muted-foreground">{basisOf(rate.itemType)}</span>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <PercentField
            label={`${rate.label} `}
            bound="minimum"
            error={errors.minPercent?.message}
            disabled={update.isPending}
            {...form.register('minPercent')}
          />
          <PercentField
            label={`${rate.label} `}
            bound="maximum"
            error={errors.maxPercent?.message}
            disabled={update.isPending}
            {...form.register('maxPercent')}
          />
        </div>
        <div className="flex items-center justify-between gap-3 sm:contents">
          <p className="text-sm text-muted-foreground sm:pt-2.5" data-testid="payout-rate-since">
            <span className="sm:sr-only">Since: </span>
            {formatRateSince(rate.since)}
          </p>
          <div className="flex flex-col gap-1">
            <Button type="submit" className="h-11" disabled={update.isPending} aria-label={`Save ${rate.label} payout rate`}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
        {formError && <FieldMessage className="sm:col-span-5">{formError}</FieldMessage>}
      </form>
    </li>
  );
}

/**
 * The appraisers' payout-rate table (DECISIONS "The honest offer"): the share of metal value (gems:
 * of the per-carat reference) Assay pays per item type, each row saved on its own, and the history
 * of changes below. The landing page and the calculator publish these figures.
 */
export function PayoutRatesAdminPanel({ className }: { className?: string }) {
  const payoutRates = usePayoutRates({ fresh: true });
  const titleId = useId();
  const historyId = useId();

  let body;
  if (payoutRates.isPending) {
    body = <Spinner label="Loading the payout rates..." className="py-8" />;
  } else if (payoutRates.isError) {
    body = (
      <LoadError
        message={`Could not load the payout rates. ${errorMessage(payoutRates.error, '')}`}
        onRetry={() => void payoutRates.refetch()}
      />
    );
  } else {
    const { rates, history } = payoutRates.data;
    body = (
      <div className="flex flex-col gap-8">
        <div>
          <div
            className={cn(
              'hidden border-b border-border pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
              ROW_GRID,
            )}
            aria-hidden="true"
          >
            <span>Item type</span>
            <span>Min %</span>
            <span>Max %</span>
            <span>Since</span>
            <span className="w-[4.5rem]" />
          </div>
          <ul className="flex flex-col" aria-label="Payout rates per item type">
            {rates.map((rate) => (
              // A saved (or elsewhere changed) rate starts its row afresh from the new figures.
              <RateRow key={`${rate.itemType} ${rate.minPercent} ${rate.maxPercent} ${rate.since ?? ''}`} rate={rate} />
            ))}
          </ul>
        </div>
        <section aria-labelledby={historyId} className="border-t border-border pt-6">
          <h4
            id={historyId}
            className="mb-3 flex items-center gap-2 text-base font-semibold text-navy-900 [&_svg]:size-4 [&_svg]:text-navy-700"
          >
            <span aria-hidden="true">
              <History />
            </span>
            Change history
          </h4>
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">No changes yet: every item type pays its starting rate.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-border text-sm" data-testid="payout-rate-history">
              {history.map((change, index) => (
                <li
                  key={`${change.itemType}-${change.changedAt}-${index}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2"
                >
                  <span>
                    <span className="font-medium text-navy-900">{change.label}</span>{' '}
                    <span className="tabular-nums">{formatPercentRange(change)}</span>
                  </span>
                  <time dateTime={change.changedAt} className="text-muted-foreground">
                    {formatDateTime(change.changedAt)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-navy-700">
          <span aria-hidden="true">
            <Percent />
          </span>
          Payout rates
        </CardTitle>
        <CardDescription>
          The share of metal value (gems: of the per-carat reference) we pay. Published on the landing page and in the calculator.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
