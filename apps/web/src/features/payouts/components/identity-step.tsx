import { CheckCircle2, Clock } from 'lucide-react';
import { formatCents, KYC_THRESHOLD_CENTS, type KycStatusResponse } from '@assay/domain';
import type { IdCheckReason } from '@/components/id-before-payout-note';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { KycForm } from './kyc-form';

/** Why we ask, in full: the reason for this offer, then the rule behind every ID check. */
export function idCheckWhy(reason: IdCheckReason): string {
  if (reason === 'rule')
    return 'The law for your state asks us to know whom we pay, so we check your ID before any money leaves.';
  const cause =
    reason === 'above-threshold'
      ? `This offer is above ${formatCents(KYC_THRESHOLD_CENTS, { wholeDollars: true })}`
      : 'Our appraiser asked for an ID check on this item';
  return `${cause}. By law a buyer of precious metals must know whom it pays, so we check your ID before any money leaves.`;
}

/**
 * The order of things when an ID check or the signed statement stands before the payout, at the top
 * of the page so nobody fills in bank details first and only then learns that the payout waits.
 * Only the steps still to do are listed; `ruleReason` is the stored rule's sentence naming the state.
 */
export function AcceptSteps({
  idReason,
  statement,
  ruleReason,
}: {
  idReason: IdCheckReason | null;
  statement: boolean;
  ruleReason?: string | null;
}) {
  const waitsFor = [idReason ? 'your ID is approved' : null, statement ? 'the statement is signed' : null].filter(Boolean);
  return (
    <>
      {ruleReason && <p className="mt-2 text-sm font-medium text-navy-900">{ruleReason}</p>}
      <ol className="mt-2 flex list-decimal flex-col gap-1.5 pl-5 text-sm marker:font-semibold marker:text-navy-900">
        {idReason && (
          <li>
            <strong className="text-foreground">Verify your identity.</strong> {idCheckWhy(idReason)}
          </li>
        )}
        {statement && (
          <li>
            <strong className="text-foreground">Sign the statement of ownership.</strong> Type your name under it, here on this
            page.
          </li>
        )}
        <li>
          <strong className="text-foreground">Choose how to get paid.</strong>
        </li>
        <li>
          <strong className="text-foreground">Confirm</strong> with &lsquo;Confirm &amp; Process Payout&rsquo;, once{' '}
          {waitsFor.join(' and ')}: that is when you accept the offer.
        </li>
      </ol>
    </>
  );
}

/**
 * The ID step, first on the page: the form, the review under way, or done. `numbered` when the
 * step list above is shown, so the heading matches it.
 */
export function IdentityStep({
  headingId,
  numbered,
  loading,
  kyc,
}: {
  headingId: string;
  numbered: boolean;
  loading: boolean;
  kyc: KycStatusResponse | undefined;
}) {
  const status = kyc?.status;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {numbered ? 'Step 1: Verify your identity' : status === 'approved' ? 'Identity verified' : 'Verify your identity'}
        </h2>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Checking your identity verification...</p>
        ) : status === 'pending' ? (
          <Alert variant="info">
            <Clock aria-hidden="true" />
            <span>
              We have your ID and are reviewing it. You can confirm your payout as soon as it is approved; we will notify you.
            </span>
          </Alert>
        ) : status === 'approved' ? (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <span>Your identity is verified. Nothing more is needed before your payout.</span>
          </Alert>
        ) : (
          <KycForm labelledBy={headingId} rejectionReason={status === 'rejected' ? kyc?.rejectionReason : null} />
        )}
      </CardContent>
    </Card>
  );
}
