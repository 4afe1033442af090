import { ShieldCheck } from 'lucide-react';
import {
  dollarsToCents,
  formatCents,
  KYC_THRESHOLD_CENTS,
  kycReason,
  type KycReason,
  type Submission,
  type SubmissionCompliance,
} from '@assay/domain';
import { cn } from '@/lib/utils';

/** Why an ID check stands before the payout: the offer's size, an appraiser, or the rule of the seller's state. */
export type IdCheckReason = KycReason | 'rule';

/** What the note and the payout page read: the offer, and (on a received submission) its stored rule. */
export type PayoutPrerequisites = Pick<Submission, 'finalOffer' | 'requiresKyc'> & { compliance?: SubmissionCompliance | null };

/** The short reason in brackets: the seller should know the check is about the offer, not about them. */
export function idCheckReasonText(reason: IdCheckReason): string {
  if (reason === 'rule') return 'the law for your state';
  return reason === 'above-threshold'
    ? `offers above ${formatCents(KYC_THRESHOLD_CENTS, { wholeDollars: true })}`
    : 'our appraiser asked';
}

/** Why an ID check is needed for this submission's offer, or null when the payout needs none. */
export function idCheckReason(submission: PayoutPrerequisites): IdCheckReason | null {
  const offerCents = submission.finalOffer === null ? null : dollarsToCents(submission.finalOffer);
  const reason = kycReason(offerCents, submission.requiresKyc);
  if (reason === 'above-threshold') return reason;
  // The flag is also set where the seller's state asks ID sooner (Florida: before any payment), so
  // the state's rule is the truer reason than "our appraiser asked".
  if (submission.compliance?.identityRequired) return 'rule';
  return reason;
}

/** Whether the stored rule still waits for the seller's signed statement. */
export function statementPending(submission: PayoutPrerequisites): boolean {
  return submission.compliance?.statementRequired === true && !submission.compliance.statementSigned;
}

/**
 * Said before 'Accept Offer' (issue 11 item 9), so nobody learns about the ID step only after
 * deciding to accept. Nothing when the offer needs no ID check.
 */
export function IdBeforePayoutNote({ submission, className }: { submission: PayoutPrerequisites; className?: string }) {
  const reason = idCheckReason(submission);
  const compliance = submission.compliance;
  // The stored rule explains itself, naming the state and its statute (DECISIONS "Compliance").
  if (compliance?.reason && (statementPending(submission) || (compliance.identityRequired && !compliance.identityVerified))) {
    return (
      <p className={cn('text-xs text-navy-800', className)}>
        <ShieldCheck aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.2em]" />
        Before we pay you: {compliance.reason}
      </p>
    );
  }
  if (!reason) return null;
  return (
    // The icon is inline, so a wrapped, right-aligned note keeps it beside the first word.
    <p className={cn('text-xs text-navy-800', className)}>
      <ShieldCheck aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.2em]" />
      Before we pay you: verify your ID ({idCheckReasonText(reason)}).
    </p>
  );
}
