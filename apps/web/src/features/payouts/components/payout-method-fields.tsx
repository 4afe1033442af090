import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Clock, Landmark, Mail, Wallet } from 'lucide-react';
import {
  canPayOut,
  payoutMethodInfo,
  payoutMethods,
  payoutTiming,
  railPromise,
  type PayoutMethod,
  type PayoutRail,
} from '@assay/domain';
import { clearFieldError } from '@/lib/forms/use-zod-form';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import type { FlatPayoutValues } from '../lib/payout-form';

const methodIcons: Record<PayoutMethod, typeof Landmark> = { ach: Landmark, paypal: Wallet, check: Mail };

/**
 * How to be paid and where: the method choice and its details, for accepting an offer and for
 * giving new details after a payout came back. `offerCents` is what the method must be able to pay
 * (PayPal's fee can eat a small offer); `headingLevel` fits the page the fields sit in.
 */
export function PayoutMethodFields<TOutput>({
  form,
  offerCents,
  legend,
  legendId,
  describedBy,
  headingLevel: Heading = 'h2',
  rails,
  noFees = false,
}: {
  form: UseFormReturn<FlatPayoutValues, unknown, TOutput>;
  offerCents: number;
  legend: ReactNode;
  legendId?: string;
  describedBy?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Which rail carries each method here (GET /api/business): its promise is said under the method. */
  rails?: Partial<Record<PayoutMethod, PayoutRail>>;
  /** A goodwill payout (decision 036) is paid whole: no method keeps a fee from it. */
  noFees?: boolean;
}) {
  const { errors } = form.formState;
  const method = form.watch('payoutMethod');

  /** Bank numbers are digits only: spaces people type go as they type them. */
  const digitsOnly = (name: 'routingNumber' | 'accountNumber') => ({
    ...form.register(name),
    value: form.watch(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setValue(name, event.target.value.replace(/\s/g, ''));
      clearFieldError(form, name);
    },
  });

  return (
    <>
      <fieldset className="flex flex-col gap-3" aria-describedby={describedBy}>
        <legend id={legendId} className="mb-3 text-lg font-semibold">
          {legend}
        </legend>
        {payoutMethods.map((value) => {
          const info = payoutMethodInfo[value];
          const Icon = methodIcons[value];
          const checked = method === value;
          const disabled = !noFees && !canPayOut(offerCents, value);
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-gold-500 ring-1 ring-gold-500' : 'border-input hover:bg-muted/60',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                value={value}
                disabled={disabled}
                {...form.register('payoutMethod', { onChange: () => form.clearErrors() })}
                className="mt-1 size-4 accent-navy-900"
              />
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {info.label}
                  {info.recommended && <Badge tone="success">Recommended</Badge>}
                </span>
                <span className="text-sm text-muted-foreground">
                  {payoutTiming(value, rails?.[value])} · {noFees ? 'No fees' : value === 'paypal' ? `Fee ${info.fee}` : info.fee}
                </span>
                {/* DECISIONS, issue 27: "Instant" only when a rail sends it; say what the rail really does. */}
                {rails?.[value] && <span className="text-xs text-navy-800">{railPromise(rails[value], value)}</span>}
                {disabled && (
                  <span className="text-xs text-destructive">This offer is too small to pay by PayPal after its fee.</span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>

      {method === 'ach' && (
        <Card>
          <CardHeader className="pb-3">
            <Heading className="text-base font-semibold">Bank account</Heading>
            <p className="text-sm text-muted-foreground">
              We only ever show the last 4 digits again. Numbers are stored encrypted.
            </p>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <TextField
              label="Account holder name"
              autoComplete="name"
              error={errors.accountName?.message}
              {...form.register('accountName')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Routing number"
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                hint="9 digits, bottom left of a check"
                error={errors.routingNumber?.message}
                {...digitsOnly('routingNumber')}
              />
              <TextField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                error={errors.accountNumber?.message}
                {...digitsOnly('accountNumber')}
              />
            </div>
          </CardContent>
        </Card>
      )}
      {method === 'paypal' && (
        <Card>
          <CardHeader className="pb-3">
            <Heading className="text-base font-semibold">PayPal</Heading>
          </CardHeader>
          <CardContent>
            <TextField
              label="PayPal email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
          </CardContent>
        </Card>
      )}
      {method === 'check' && (
        <Alert variant="info">
          <Clock aria-hidden="true" />
          <span>We mail the check to the shipping address on your profile. It usually arrives in 5-7 business days.</span>
        </Alert>
      )}
    </>
  );
}
