// One interface for moving money, so the transactions module never knows who pays (DECISIONS
// "Payouts": by default the payout is recorded as pending and an appraiser marks it sent with a
// reference; a provider with an API, PayPal Payouts today, plugs in here and is called by the
// `payout-handover` job, never inside a seller's request).
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

/** What a rail says of a payout attempt it was handed: by webhook, or when asked (lookUp). */
export interface RailReport {
  transactionId: string;
  /** The attempt the news is about; null when the rail's ids name none (payouts before attempts). */
  attempt: number | null;
  status: 'processing' | 'paid' | 'failed' | 'returned' | 'unclaimed';
  /** The rail's reference once money moved (PayPal's transaction id), else its item id. */
  reference: string | null;
  /** The rail's code for a failure (RECEIVER_UNREGISTERED, R01). */
  reasonCode: string | null;
  /** That code as the seller reads it ("PayPal: receiver unregistered"). */
  reason: string | null;
}

/**
 * What the job that hands payouts over does when a provider fails: `retry` the same request later
 * (a timeout, a 5xx: the provider's idempotency key makes the retry safe), `refused` means the
 * payout itself cannot go this way (the seller must give new details), `needs-staff` means our own
 * set-up is wrong (credentials, funds, an id conflict) and a person must look before anything moves.
 */
export type PayoutFailureDisposition = 'retry' | 'refused' | 'needs-staff';

export class PayoutRailError extends Error {
  constructor(
    message: string,
    readonly disposition: PayoutFailureDisposition,
    /** The provider's own code for the failure (PayPal's error name), kept with the payout. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PayoutRailError';
  }
}

export interface PayoutAdapter {
  /** The setting that selected it, for logs. */
  readonly provider: string;
  /** Whether it moves this method's money itself; the others wait for a person or a batch file. */
  handles(method: PayoutMethod): boolean;
  /**
   * Starts one payout attempt, after the transaction row is committed, so money never moves for a
   * payout that is not recorded. May be called again for the same attempt (a retried job): the
   * provider must then find what it already did, never pay twice. Fails with PayoutRailError.
   */
  initiate(payout: PayoutRequest): Promise<PayoutResult>;
  /**
   * Asks the rail where a payout it was handed stands, for payouts whose webhook never came. Null
   * when this adapter does not carry that rail or the rail does not know the payout.
   */
  lookUp?(payout: {
    transactionId: string;
    attempt: number;
    rail: PayoutRail;
    reference: string | null;
  }): Promise<RailReport | null>;
  /**
   * Asks the rail about one of its items by the rail's own id (what a webhook names), so a webhook
   * is applied as the rail reports it, never as its body says (decision 023). Null when this
   * adapter does not carry that rail, the rail does not know the item (PayPal's 404) or has nothing
   * documented to say of it. Fails with PayoutRailError ('retry' for a passing failure).
   */
  lookUpItem?(rail: PayoutRail, itemId: string): Promise<RailReport | null>;
}
