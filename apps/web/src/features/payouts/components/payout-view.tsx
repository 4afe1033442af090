import { useEffect, useId, useState, type FormEvent } from 'react';
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
import { clientPaths } from '@/lib/client-paths';
import { formatDateTime, formatDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useCreateTransaction } from '../api/create-transaction';
import { useKyc } from '../api/kyc';
import { KycForm } from './kyc-form';

const methodIcons: Record<PayoutMethod, typeof Landmark> = { ach: Landmark, paypal: Wallet, check: Mail };

type Field = 'accountName' | 'routingNumber' | 'accountNumber' | 'email';

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
  const [method, setMethod] = useState<PayoutMethod>('ach');
  const [ach, setAch] = useState({ accountName: '', routingNumber: '', accountNumber: '' });
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [kycAsked, setKycAsked] = useState(false);
  const ids = { legend: useId(), summary: useId(), form: useId() };

  const offerCents = submission.finalOffer ? dollarsToCents(submission.finalOffer) : null;
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
            This offer has been accepted and paid{t ? `: ${formatDollars(t.amount) ?? t.amount} by ${payoutMethodInfo[t.payoutMethod as PayoutMethod]?.label ?? t.payoutMethod} on ${formatDateTime(t.createdAt)}` : ''}.
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

  const updateAch = (field: keyof typeof ach, value: string) => {
    setAch((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const feeCents = method === 'paypal' ? paypalFeeCents(offerCents) : 0;
  const payable = canPayOut(offerCents, method);
  const netCents = payable ? payoutAmountCents(offerCents, method) : 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const next: Partial<Record<Field, string>> = {};
    if (method === 'ach' && (!ach.accountName.trim() || !ach.routingNumber.trim() || !ach.accountNumber.trim())) {
      if (!ach.accountName.trim()) next.accountName = 'Required';
      if (!ach.routingNumber.trim()) next.routingNumber = 'Required';
      if (!ach.accountNumber.trim()) next.accountNumber = 'Required';
      setErrors(next);
      toast.error(validationMessages.bankDetails);
      return;
    }
    if (method === 'paypal' && !email.trim()) {
      setErrors({ email: 'Required' });
      toast.error(validationMessages.paypalEmail);
      return;
    }
    const payoutDetails = method === 'ach' ? ach : method === 'paypal' ? { email } : { method: 'check' as const };
    const parsed = createTransactionSchema.safeParse({ submissionId: submission.id, amount: centsToDecimalString(netCents), payoutMethod: method, payoutDetails });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.at(-1);
      if (typeof field === 'string' && ['accountName', 'routingNumber', 'accountNumber', 'email'].includes(field)) setErrors({ [field]: issue?.message });
      toast.error(issue?.message ?? 'Failed to process payout');
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Payout Processed', { description: 'Your payout has been initiated successfully' });
        navigate(clientPaths.dashboard);
      },
      onError: (err) => {
        if (apiErrorCode(err) === 'KYC_REQUIRED') setKycAsked(true);
        toast.error('Failed to process payout', { description: errorMessage(err, '') || undefined });
      },
    });
  };

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
        <form id={ids.form} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
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
                    name="payoutMethod"
                    value={value}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => {
                      setMethod(value);
                      setErrors({});
                    }}
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
                    {disabled && <span className="text-xs text-destructive">This offer is too small to pay by PayPal after its fee.</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>

          {method === 'ach' && (
            <Card>
              <CardHeader className="pb-3">
                <h2 className="text-base font-semibold">Bank account</h2>
                <p className="text-sm text-muted-foreground">We only ever show the last 4 digits again. Numbers are stored encrypted.</p>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <TextField
                  label="Account holder name"
                  autoComplete="name"
                  value={ach.accountName}
                  onChange={(e) => updateAch('accountName', e.target.value)}
                  error={errors.accountName}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label="Routing number"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={9}
                    hint="9 digits, bottom left of a check"
                    value={ach.routingNumber}
                    onChange={(e) => updateAch('routingNumber', e.target.value.replace(/\s/g, ''))}
                    error={errors.routingNumber}
                  />
                  <TextField
                    label="Account number"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={17}
                    value={ach.accountNumber}
                    onChange={(e) => updateAch('accountNumber', e.target.value.replace(/\s/g, ''))}
                    error={errors.accountNumber}
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
                <TextField label="PayPal email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => {
                    setEmail(e.target.value);
                    setErrors({});
                  }} error={errors.email} />
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
                  <span>We are reviewing your identity. You can confirm your payout as soon as it is approved; we will notify you.</span>
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
            <Button type="submit" form={ids.form} variant="accent" size="lg" disabled={create.isPending || waitingForKyc || !payable} aria-busy={create.isPending || undefined}>
              {create.isPending ? 'Processing...' : 'Confirm & Process Payout'}
            </Button>
            {waitingForKyc && <p className="text-xs text-muted-foreground">Payouts above $10,000 wait until your identity is verified.</p>}
            <Button asChild variant="ghost">
              <Link href={clientPaths.dashboard}>Cancel</Link>
            </Button>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
