// One interface for moving money, so the transactions module never knows who pays (DECISIONS
// "Payouts": by default the payout is recorded as pending and an appraiser marks it sent with a
// reference; a real provider (an ACH originator, PayPal Payouts) plugs in here later).
import type { PayoutMethod, PayoutRail } from '@assay/domain';

/** The full details a provider needs. They exist only in memory while the payout is initiated. */
export type PayoutInstruction =
  | { method: 'ach'; accountName: string; routingNumber: string; accountNumber: string }
  | { method: 'paypal'; email: string }
  | { method: 'check' };

export interface PayoutRequest {
  /** Our transaction id; with the attempt, a provider's idempotency key. */
  transactionId: string;
  /** 1, and one more for each retry with new details: a retry is a new attempt of the same payout. */
  attempt: number;
  submissionId: string;
  userId: string;
  /** What the client receives, integer cents (after any fee). */
  amountCents: number;
  method: PayoutMethod;
  instruction: PayoutInstruction;
}

/**
 * 'pending': nothing happened yet (a person pays it); 'processing': a rail took it, under its
 * reference, and will report how it ends (webhooks); 'sent': the money has left, with its reference.
 */
export type PayoutResult =
  { status: 'pending' } | { status: 'processing'; rail: PayoutRail; reference: string } | { status: 'sent'; reference: string };

export interface PayoutAdapter {
  /** The setting that selected it, for logs. */
  readonly provider: string;
  /** The rail its payouts move on (payout-lifecycle.ts), recorded with each payout. */
  readonly rail: PayoutRail;
  /**
   * Starts one payout. Called once per transaction, after the transaction row is committed, so
   * money never moves for a payout that is not recorded.
   */
  initiate(payout: PayoutRequest): Promise<PayoutResult>;
}
