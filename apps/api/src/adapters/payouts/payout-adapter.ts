// One interface for moving money, so the transactions module never knows who pays (DECISIONS
// "Payouts": by default the payout is recorded as pending and an appraiser marks it sent with a
// reference; a real provider (an ACH originator, PayPal Payouts) plugs in here later).
import type { PayoutMethod } from '@assay/domain';

/** The full details a provider needs. They exist only in memory while the payout is initiated. */
export type PayoutInstruction =
  | { method: 'ach'; accountName: string; routingNumber: string; accountNumber: string }
  | { method: 'paypal'; email: string }
  | { method: 'check' };

export interface PayoutRequest {
  /** Our transaction id; a provider should use it as its idempotency key. */
  transactionId: string;
  submissionId: string;
  userId: string;
  /** What the client receives, integer cents (after any fee). */
  amountCents: number;
  method: PayoutMethod;
  instruction: PayoutInstruction;
}

export interface PayoutResult {
  /** 'pending' until the money has really left; 'sent' with the provider's reference. */
  status: 'pending' | 'sent';
  reference?: string;
}

export interface PayoutAdapter {
  /** The setting that selected it, for logs. */
  readonly provider: string;
  /**
   * Starts one payout. Called once per transaction, after the transaction row is committed, so
   * money never moves for a payout that is not recorded.
   */
  initiate(payout: PayoutRequest): Promise<PayoutResult>;
}
