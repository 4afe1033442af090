import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { toast } from 'sonner';
import {
  canPayOut,
  centsToDecimalString,
  createTransactionSchema,
  dollarsToCents,
  formatCents,
  needsNewPayoutDetails,
  payoutAmountCents,
  payoutTiming,
  paypalFeeCents,
  type PayoutMethod,
  type PayoutRail,
  type SubmissionDetail,
  type Transaction,
} from '@assay/domain';
import { apiErrorCode, errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { clientPaths } from '@/lib/client-paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { OfferValidity, useOfferExpired } from '@/components/offer-validity';
import { idCheckReason, idCheckReasonText } from '@/components/id-before-payout-note';
import { useSellerStatement } from '../api/seller-statement';
import { useCreateTransaction } from '../api/create-transaction';
import { useKyc } from '../api/kyc';
import { AcceptSteps, IdentityStep } from './identity-step';
import { StatementStep } from './statement-step';
import { OfferAccepted } from './offer-accepted';
import { PayoutMethodFields } from './payout-method-fields';
import { PayoutRetry } from './payout-retry';
import { emptyPayoutValues, flatPayoutSchema, invalidPayoutMessage } from '../lib/payout-form';

/**
 * The payout form becomes the body of POST /api/transactions through the domain's
 * createTransactionSchema (payout-form.ts), with the offer version seen here, so a re-issued offer
 * is never accepted unseen.
 */
function payoutFormSchema(submissionId: string, offerCents: number, offerVersion?: number) {
  return flatPayoutSchema((choice) => {
    // The server derives the amount itself; the net amount this page shows goes along.
    const method = choice.payoutMethod;
    const amount = centsToDecimalString(canPayOut(offerCents, method) ? payoutAmountCents(offerCents, method) : 0);
    return createTransactionSchema.safeParse({
      submissionId,
      amount,
      ...choice,
      ...(offerVersion !== undefined ? { offerVersion } : {}),
    });
  });
}

function BackToDashboard() {
  return (
    <Button asChild variant="outline" className="self-start">
      <Link href={clientPaths.dashboard}>Back to dashboard</Link>
    </Button>
  );
}

/**
 * SPEC 2 "Payout view" ('Process Payout', 'Offer Accepted!') for one offered submission. Nothing is
 * accepted until 'Confirm & Process Payout' succeeds (issue 11 item 9): the page first asks how to
 * get paid, with the ID step first when the payout needs one, and says 'Offer Accepted!' after.
 */
export function PayoutView({
  submission,
  payoutRails,
}: {
  submission: SubmissionDetail;
  /** Which rail carries each method here (GET /api/business, handed in by the page). */
  payoutRails?: Partial<Record<PayoutMethod, PayoutRail>>;
}) {
  const create = useCreateTransaction();
  const [kycAsked, setKycAsked] = useState(false);
  const [statementAsked, setStatementAsked] = useState(false);
  // The purchase record the law asks for is not complete yet (issue 28 item 6): the server's sentence, kept in view.
  const [recordPending, setRecordPending] = useState<string | null>(null);
  // The payout this page just made: shown at once, before the refetched submission says completed.
  const [accepted, setAccepted] = useState<Transaction | null>(null);
  const ids = { legend: useId(), summary: useId(), form: useId(), identity: useId(), statement: useId(), waiting: useId() };

  const offerCents = submission.finalOffer ? dollarsToCents(submission.finalOffer) : null;
  const offerVersion = submission.offer?.version;
  const schema = useMemo(
    () => payoutFormSchema(submission.id, offerCents ?? 0, offerVersion),
    [submission.id, offerCents, offerVersion],
  );
  const validUntil = submission.offer?.validUntil ?? submission.offerValidUntil;
  const expired = useOfferExpired(validUntil, submission.offer?.lapsed ?? false);
  const form = useZodForm(schema, { defaultValues: emptyPayoutValues });
  const method = form.watch('payoutMethod');
  // The server may know of an ID check this page did not (an appraiser asked meanwhile).
  const kycReason = idCheckReason(submission) ?? (kycAsked ? 'requested' : null);
  const needsKyc = kycReason !== null;
  const kyc = useKyc(needsKyc);
  const kycStatus = kyc.data?.status;
  const waitingForKyc = needsKyc && kycStatus !== 'approved';
  // DECISIONS "Compliance": the rule the parcel was received under may ask for a signed statement too.
  const compliance = submission.compliance ?? null;
  const needsStatement = compliance?.statementRequired === true || statementAsked;
  const statement = useSellerStatement(submission.id, needsStatement);
  const waitingForStatement = needsStatement && statement.data?.signed !== true;
  // The steps only once we know they are not done yet, so a verified seller never sees them flash.
  const idToDo = kycReason !== null && (kyc.isError || (kyc.data !== undefined && kycStatus !== 'approved'));
  const statementToDo = needsStatement && (statement.isError || (statement.data !== undefined && !statement.data.signed));
  const showSteps = idToDo || statementToDo;
  const statementStepNumber = statementToDo ? (idToDo ? 2 : 1) : null;
  const payStepNumber = 1 + (idToDo ? 1 : 0) + (statementToDo ? 1 : 0);
  const paid = accepted ?? submission.transaction;
  const isAccepted = paid !== null || submission.status === 'completed';

  const retrying = paid !== null && needsNewPayoutDetails(paid.status);
  useEffect(() => {
    document.title = `${retrying ? 'New payout details' : isAccepted ? 'Offer Accepted!' : 'Process Payout'} — Assay`;
  }, [isAccepted, retrying]);

  // A payout that failed or came back asks for new details instead of saying all is well.
  if (paid && retrying) {
    return (
      <div className="max-w-2xl">
        <PayoutRetry transaction={paid} payoutRails={payoutRails} />
      </div>
    );
  }
  if (isAccepted) {
    return <OfferAccepted description={submission.description} transaction={paid} focusOnShow={accepted !== null} />;
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

  const feeCents = method === 'paypal' ? paypalFeeCents(offerCents) : 0;
  const payable = canPayOut(offerCents, method);
  const netCents = payable ? payoutAmountCents(offerCents, method) : 0;

  const onSubmit = form.handleSubmit(
    (body) => {
      if (create.isPending) return;
      create.mutate(body, {
        onSuccess: (transaction) => {
          toast.success('Payout Processed', { description: 'Your payout has been initiated successfully' });
          setAccepted(transaction);
        },
        onError: (err) => {
          // Ours to finish, not the seller's mistake: said once, in view, without a "failed" toast.
          if (apiErrorCode(err) === 'PURCHASE_RECORD_INCOMPLETE') {
            setRecordPending(errorMessage(err, ''));
            return;
          }
          if (apiErrorCode(err) === 'KYC_REQUIRED') setKycAsked(true);
          if (apiErrorCode(err) === 'STATEMENT_REQUIRED') setStatementAsked(true);
          applyServerIssues(form, err);
          toast.error('Failed to process payout', { description: errorMessage(err, '') || undefined });
        },
      });
    },
    (found) => toast.error(invalidPayoutMessage(method, found, 'Failed to process payout')),
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-6">
        <Card className="border-gold-300 bg-gold-50/60">
          <CardContent className="flex flex-col gap-1 pt-5 sm:pt-6">
            <h2 className="text-xl font-bold text-navy-900">Accept {formatCents(offerCents)}: choose how to get paid</h2>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              Our final offer for {submission.description}. Nothing is accepted until you press &lsquo;Confirm &amp; Process
              Payout&rsquo;.
            </p>
            {showSteps && (
              <AcceptSteps idReason={idToDo ? kycReason : null} statement={statementToDo} ruleReason={compliance?.reason} />
            )}
          </CardContent>
        </Card>

        {needsKyc && <IdentityStep headingId={ids.identity} numbered={idToDo} loading={kyc.isPending} kyc={kyc.data} />}

        {needsStatement && (
          <StatementStep
            submissionId={submission.id}
            headingId={ids.statement}
            step={statementStepNumber}
            loading={statement.isPending}
            statement={statement.data}
          />
        )}

        {recordPending && (
          <Alert variant="info">
            <span>{recordPending}</span>
          </Alert>
        )}

        {/* The ID step above has a form of its own, so this one starts after it (forms cannot nest). */}
        <form id={ids.form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
          <PayoutMethodFields
            form={form}
            offerCents={offerCents}
            legendId={ids.legend}
            describedBy={ids.summary}
            legend={showSteps ? `Step ${payStepNumber}: How would you like to be paid?` : 'How would you like to be paid?'}
            rails={payoutRails}
          />
        </form>
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
                <dd>{payoutTiming(method, payoutRails?.[method])}</dd>
              </div>
            </dl>
            <OfferValidity validUntil={validUntil} lapsed={expired} />
            <Button
              type="submit"
              form={ids.form}
              variant="accent"
              size="lg"
              disabled={create.isPending || waitingForKyc || waitingForStatement || !payable || expired}
              aria-busy={create.isPending || undefined}
              aria-describedby={waitingForKyc || waitingForStatement ? ids.waiting : undefined}
            >
              {create.isPending ? 'Processing...' : 'Confirm & Process Payout'}
            </Button>
            {waitingForKyc && kycReason && (
              <p id={ids.waiting} className="text-xs text-muted-foreground">
                {kycStatus === 'pending'
                  ? 'You can confirm as soon as we have approved your ID (step 1): we are reviewing it.'
                  : `Verify your identity first (step 1): the payout waits for it (${idCheckReasonText(kycReason)}).`}
              </p>
            )}
            {!waitingForKyc && waitingForStatement && (
              <p id={ids.waiting} className="text-xs text-muted-foreground">
                Sign the statement of ownership first{statementStepNumber ? ` (step ${statementStepNumber})` : ''}: the payout
                waits for it.
              </p>
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
