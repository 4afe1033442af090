import { ShieldCheck } from 'lucide-react';
import { dollarsToCents, formatCents, KYC_THRESHOLD_CENTS, kycReason, type KycReason, type Submission } from '@assay/domain';
import { cn } from '@/lib/utils';

/** The short reason in brackets: the seller should know the check is about the offer, not about them. */
export function idCheckReasonText(reason: KycReason): string {
  return reason === 'above-threshold'
    ? `offers above ${formatCents(KYC_THRESHOLD_CENTS, { wholeDollars: true })}`
    : 'our appraiser asked';
}

/** Why an ID check is needed for this submission's offer, or null when the payout needs none. */
export function idCheckReason(submission: Pick<Submission, 'finalOffer' | 'requiresKyc'>): KycReason | null {
  const offerCents = submission.finalOffer === null ? null : dollarsToCents(submission.finalOffer);
  return kycReason(offerCents, submission.requiresKyc);
}

/**
 * Said before 'Accept Offer' (issue 11 item 9), so nobody learns about the ID step only after
 * deciding to accept. Nothing when the offer needs no ID check.
 */
export function IdBeforePayoutNote({
  submission,
  className,
}: {
  submission: Pick<Submission, 'finalOffer' | 'requiresKyc'>;
  className?: string;
}) {
  const reason = idCheckReason(submission);
  if (!reason) return null;
  return (
    // The icon is inline, so a wrapped, right-aligned note keeps it beside the first word.
    <p className={cn('text-xs text-navy-800', className)}>
      <ShieldCheck aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.2em]" />
      Before we pay you: verify your ID ({idCheckReasonText(reason)}).
    </p>
  );
}
