import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { CheckCircle2, Clock, Landmark, Mail, PartyPopper, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import {
  canPayOut,
  centsToDecimalString,
  createTransactionSchema,
  dollarsToCents,
  formatCents,
  payoutAmountCents,
  payoutMethodInfo,
  payoutMethods,
  paypalFeeCents,
  requiresKyc,
  validationMessages,
  type PayoutMethod,
  type SubmissionDetail,
} from '@assay/domain';
import { apiErrorCode, errorMessage } from '@/lib/api-client';
import { copyIssues } from '@/lib/forms/form-schemas';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { clearFieldError, useZodForm } from '@/lib/forms/use-zod-form';
import { clientPaths } from '@/lib/client-paths';
import { formatDateTime, formatDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { OfferValidity, useOfferExpired } from '@/components/offer-validity';
import { useCreateTransaction } from '../api/create-transaction';
import { useKyc } from '../api/kyc';
import { KycForm } from './kyc-form';

const methodIcons: Record<PayoutMethod, typeof Landmark> = { ach: Landmark, paypal: Wallet, check: Mail };

const REQUIRED = 'Required';
const payoutFields = ['accountName', 'routingNumber', 'accountNumber', 'email'] as const;
type PayoutField = (typeof payoutFields)[number];
const requiredFields: Record<PayoutMethod, readonly PayoutField[]> = {
  ach: ['accountName', 'routingNumber', 'accountNumber'],
  paypal: ['email'],
  check: [],
};

/**
 * The payout form holds the details flat (one field per input) and becomes the body of
 * POST /api/transactions through the domain's createTransactionSchema, whose messages land on the
 * field they are about. Blank fields just say 'Required'; the toast says which details are missing.
 */
function payoutFormSchema(submissionId: string, offerCents: number, offerVersion?: number) {
  return z
    .object({
      payoutMethod: z.enum(payoutMethods),
      accountName: z.string(),
      routingNumber: z.string(),
      accountNumber: z.string(),
      email: z.string(),
    })
    .transform((values, ctx) => {
      const blank = requiredFields[values.payoutMethod].filter((field) => !values[field].trim());
      for (const field of blank) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED });
      if (blank.length > 0) return z.NEVER;
      const { payoutMethod, accountName, routingNumber, accountNumber, email } = values;
      const payoutDetails =
        payoutMethod === 'ach'
          ? { accountName, routingNumber, accountNumber }
          : payoutMethod === 'paypal'
            ? { email }
            : { method: 'check' as const };
      // The server derives the amount itself; the net amount this page shows goes along.
      const amount = centsToDecimalString(canPayOut(offerCents, payoutMethod) ? payoutAmountCents(offerCents, payoutMethod) : 0);
      // The offer version seen here goes along, so a re-issued offer is never accepted unseen.
      const parsed = createTransactionSchema.safeParse({
        submissionId,
        amount,
        payoutMethod,
        payoutDetails,
        ...(offerVersion !== undefined ? { offerVersion } : {}),
      });
      if (parsed.success) return parsed.data;
      copyIssues(ctx, parsed.error, (path) => {
        const field = path.at(-1);
        return typeof field === 'string' && (payoutFields as readonly string[]).includes(field) ? field : 'payoutMethod';
      });
      return z.NEVER;
    });
}

function BackToDashboard() {
  return (
    <Button asChild variant="outline" className="self-start">
      <Link href={clientPaths.dashboard}>Back to dashboard</Link>
    </Button>
  );
}

/** SPEC 2 "Payout view" ('Process Payout', 'Offer Accepted!') for one offered submission. */
export function PayoutView({ submission }: { submission: SubmissionDetail }) {
  const [, navigate] = useLocation();
  const create = useCreateTransaction();
  const [kycAsked, setKycAsked] = useState(false);
  const ids = { legend: useId(), summary: useId(), form: useId() };

  const offerCents = submission.finalOffer ? dollarsToCents(submission.finalOffer) : null;
  const offerVersion = submission.offer?.version;
  const schema = useMemo(
    () => payoutFormSchema(submission.id, offerCents ?? 0, offerVersion),
    [submission.id, offerCents, offerVersion],
  );
  const validUntil = submission.offer?.validUntil ?? submission.offerValidUntil;
  const expired = useOfferExpired(validUntil, submission.offer?.lapsed ?? false);
  const form = useZodForm(schema, {
    defaultValues: { payoutMethod: 'ach', accountName: '', routingNumber: '', accountNumber: '', email: '' },
  });
  const { errors } = form.formState;
  const method = form.watch('payoutMethod');
  const needsKyc = kycAsked || requiresKyc(offerCents, submission.requiresKyc);
  const kyc = useKyc(needsKyc);
  const kycStatus = kyc.data?.status;
  const waitingForKyc = needsKyc && kycStatus !== 'approved';

  useEffect(() => {
    document.title = 'Process Payout — Assay';
  }, []);

  if (submission.transaction || submission.status === 'completed') {
    const t = submission.transaction;
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <span>
            This offer has been accepted and paid
            {t
              ? `: ${formatDollars(t.amount) ?? t.amount} by ${payoutMethodInfo[t.payoutMethod as PayoutMethod]?.label ?? t.payoutMethod} on ${formatDateTime(t.createdAt)}`
              : ''}
            .
          </span>
        </Alert>
        <BackToDashboard />
      </div>
    );
  }
  if (submission.status !== 'offered' || offerCents === null) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="info">
          <span>There is no offer to accept on this submission yet. We will notify you as soon as our appraisers send one.</span>
        </Alert>
        <BackToDashboard />
      </div>
    );
  }

  /** Bank numbers are digits only: spaces people type go as they type them. */
  const digitsOnly = (name: 'routingNumber' | 'accountNumber') => ({
    ...form.register(name),
    value: form.watch(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setValue(name, event.target.value.replace(/\s/g, ''));
      clearFieldError(form, name);
    },
  });

  const feeCents = method === 'paypal' ? paypalFeeCents(offerCents) : 0;
  const payable = canPayOut(offerCents, method);
  const netCents = payable ? payoutAmountCents(offerCents, method) : 0;

  const onSubmit = form.handleSubmit(
    (body) => {
      if (create.isPending) return;
      create.mutate(body, {
        onSuccess: () => {
          toast.success('Payout Processed', { description: 'Your payout has been initiated successfully' });
          navigate(clientPaths.dashboard);
        },
        onError: (err) => {
          if (apiErrorCode(err) === 'KYC_REQUIRED') setKycAsked(true);
          applyServerIssues(form, err);
          toast.error('Failed to process payout', { description: errorMessage(err, '') || undefined });
        },
      });
    },
    (found) => {
      const messages = payoutFields.map((field) => found[field]?.message).filter((message) => message !== undefined);
      if (messages.includes(REQUIRED))
        toast.error(method === 'paypal' ? validationMessages.paypalEmail : validationMessages.bankDetails);
      else toast.error(messages[0] ?? found.payoutMethod?.message ?? 'Failed to process payout');
    },
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-6">
        <Card className="border-gold-300 bg-gold-50/60">
          <CardContent className="flex flex-col gap-1 pt-5 sm:pt-6">
            <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
              <PartyPopper aria-hidden="true" className="size-6 text-gold-700" />
              Offer Accepted!
            </h2>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {submission.description}: our final offer is <strong className="text-foreground">{formatCents(offerCents)}</strong>.
            </p>
          </CardContent>
        </Card>

        {/* The KYC form below is a form of its own, so this one ends before it (forms cannot nest). */}
        <form id={ids.form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
          <fieldset className="flex flex-col gap-3" aria-describedby={ids.summary}>
            <legend id={ids.legend} className="mb-3 text-lg font-semibold">
              How would you like to be paid?
            </legend>
            {payoutMethods.map((value) => {
              const info = payoutMethodInfo[value];
              const Icon = methodIcons[value];
              const checked = method === value;
              const disabled = !canPayOut(offerCents, value);
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
                      {info.timing} · {value === 'paypal' ? `Fee ${info.fee}` : info.fee}
                    </span>
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
                <h2 className="text-base font-semibold">Bank account</h2>
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
                <h2 className="text-base font-semibold">PayPal</h2>
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
        </form>

        {needsKyc && (
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              {kyc.isPending ? (
                <p className="text-sm text-muted-foreground">Checking your identity verification...</p>
              ) : kycStatus === 'pending' ? (
                <Alert variant="info">
                  <Clock aria-hidden="true" />
                  <span>
                    We are reviewing your identity. You can confirm your payout as soon as it is approved; we will notify you.
                  </span>
                </Alert>
              ) : kycStatus === 'approved' ? (
                <Alert variant="success">
                  <CheckCircle2 aria-hidden="true" />
                  <span>Your identity is verified.</span>
                </Alert>
              ) : (
                <KycForm rejectionReason={kycStatus === 'rejected' ? kyc.data?.rejectionReason : null} />
              )}
            </CardContent>
          </Card>
        )}
      </div>

      <aside>
        <Card className="lg:sticky lg:top-24">
          <CardHeader className="pb-3">
            <h2 className="text-lg font-semibold">Total payout</h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-3xl font-bold tabular-nums text-navy-900" data-testid="payout-total">
              {formatCents(netCents)}
            </p>
            <dl id={ids.summary} className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Final offer</dt>
                <dd className="tabular-nums">{formatCents(offerCents)}</dd>
              </div>
              {method === 'paypal' && (
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">PayPal fee (2.9% + $0.30)</dt>
                  <dd className="tabular-nums text-destructive">−{formatCents(feeCents)}</dd>
                </div>
              )}
              <div className="flex justify-between gap-3 border-t border-border pt-2 font-semibold">
                <dt>You receive</dt>
                <dd className="tabular-nums">{formatCents(netCents)}</dd>
              </div>
              <div className="flex justify-between gap-3 text-muted-foreground">
                <dt>Arrives</dt>
                <dd>{payoutMethodInfo[method].timing}</dd>
              </div>
            </dl>
            <OfferValidity validUntil={validUntil} lapsed={expired} />
            <Button
              type="submit"
              form={ids.form}
              variant="accent"
              size="lg"
              disabled={create.isPending || waitingForKyc || !payable || expired}
              aria-busy={create.isPending || undefined}
            >
              {create.isPending ? 'Processing...' : 'Confirm & Process Payout'}
            </Button>
            {waitingForKyc && (
              <p className="text-xs text-muted-foreground">Payouts above $10,000 wait until your identity is verified.</p>
            )}
            <Button asChild variant="ghost">
              <Link href={clientPaths.dashboard}>Cancel</Link>
            </Button>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
