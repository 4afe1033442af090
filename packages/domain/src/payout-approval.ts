// Four eyes on large payments (DECISIONS "Staff and demo safety"): a payout above
// DUAL_APPROVAL_ABOVE goes to no rail until a second admin approves it, one who did not make the
// offer it pays. The amount weighed is the accepted offer (the gross), not what reaches the seller
// after a method's fee, so the choice of method never decides whether a second pair of eyes looks.
import { dollarsToCents } from './money.ts';

/** $5,000.00: a payout of exactly this amount goes straight to its rail; one cent more waits. */
export const DEFAULT_DUAL_APPROVAL_ABOVE_CENTS = 500_000;

/**
 * DUAL_APPROVAL_ABOVE as configured: whole dollars or dollars and cents ("5000", "7500.50"),
 * parsed exactly into cents; null for anything else (the caller refuses to start).
 */
export function parseDualApprovalAbove(value: string): number | null {
  return dollarsToCents(value);
}

/** Whether a payout of this gross amount needs a second admin's approval before any rail takes it. */
export function needsDualApproval(grossCents: number, aboveCents: number): boolean {
  return grossCents > aboveCents;
}

/** The approval state a payout row keeps (transactions.approval_required, approved_by). */
export interface PayoutApprovalState {
  approvalRequired: boolean;
  approvedBy: string | null;
}

/** True while a payout needs a second admin and has none: no rail may take it. */
export function awaitsApproval(payout: PayoutApprovalState): boolean {
  return payout.approvalRequired && payout.approvedBy === null;
}

export type ApprovalRefusal = 'not-required' | 'already-approved' | 'not-pending' | 'offer-maker';

/**
 * Why this admin may not approve this payout, or null when they may: it must need approval, not
 * have it yet, still wait to be sent, and the approver must not be the admin who made the offer it
 * pays (`offerMadeBy`; null when nobody is recorded, as for offers made before versions).
 */
export function approvalRefusal(
  payout: PayoutApprovalState & { status: string; offerMadeBy: string | null },
  approverId: string,
): ApprovalRefusal | null {
  if (!payout.approvalRequired) return 'not-required';
  if (payout.approvedBy !== null) return 'already-approved';
  if (payout.status !== 'pending') return 'not-pending';
  if (payout.offerMadeBy !== null && payout.offerMadeBy === approverId) return 'offer-maker';
  return null;
}

/** Whether the approval control is for this admin (the web hides it from the offer's maker). */
export function mayApprovePayout(
  payout: PayoutApprovalState & { status: string; offerMadeBy: string | null },
  approverId: string,
): boolean {
  return approvalRefusal(payout, approverId) === null;
}

export const payoutApprovalMessages = {
  'not-required': 'This payout does not need a second approval.',
  'already-approved': 'Another admin has already approved this payout.',
  'not-pending': 'This payout is no longer waiting to be sent, so there is nothing to approve.',
  'offer-maker': 'You made this offer; another admin must approve its payout.',
  /** Every rail's refusal while the approval is missing (ACH batch, check register, mark sent). */
  // No figure in it: the limit may have changed since the payout was recorded under it.
  awaiting: "This is a large payout: it needs a second admin's approval (not the offer's maker) before it is sent.",
  /** The admin queue's badge. */
  badge: "Needs a second admin's approval",
  /** The seller's line while it waits: honest and short. */
  seller: 'Being approved: a large payout is checked by a second member of our team before it is sent.',
} as const satisfies Record<ApprovalRefusal | 'awaiting' | 'badge' | 'seller', string>;
