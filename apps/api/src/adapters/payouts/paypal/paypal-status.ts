// How a PayPal payout item's state reads in our payout lifecycle (DECISIONS "Money and parcels on
// real rails": pending -> processing -> paid, or failed / returned / unclaimed). Polling
// (GET /v1/payments/payouts-item/{id}) and webhooks (PAYMENT.PAYOUTS-ITEM.*) both answer PayPal's
// transaction_status, so both go through this one table.
//
// transaction_status values: https://developer.paypal.com/api/payments.payouts-batch/v1/definitions/transaction_enum
// ("SUCCESS", "FAILED", "PENDING", "UNCLAIMED", "RETURNED", "ONHOLD", "BLOCKED", "REFUNDED",
// "REVERSED"); NEW and DENIED appear on items PayPal has not started or has refused.

/** The lifecycle words a rail can report for a payout it has been handed. */
export type PayPalLifecycleStatus = 'processing' | 'paid' | 'failed' | 'returned' | 'unclaimed';

const lifecycleByTransactionStatus: Record<string, PayPalLifecycleStatus> = {
  NEW: 'processing',
  PENDING: 'processing',
  // Held for PayPal's own review; it still ends in one of the other states.
  ONHOLD: 'processing',
  SUCCESS: 'paid',
  FAILED: 'failed',
  BLOCKED: 'failed',
  DENIED: 'failed',
  // PayPal refunded the item to us after it had been paid: the seller does not have the money.
  REFUNDED: 'failed',
  RETURNED: 'returned',
  // Taken back after it was paid (a reversal): the money is ours again, like a return.
  REVERSED: 'returned',
  // The receiver has no PayPal account yet; PayPal returns it on its own after 30 days.
  UNCLAIMED: 'unclaimed',
};

/** null for a transaction_status PayPal has not documented: the caller must not guess. */
export function lifecycleOfTransactionStatus(transactionStatus: string): PayPalLifecycleStatus | null {
  return lifecycleByTransactionStatus[transactionStatus.toUpperCase()] ?? null;
}

/** States after which PayPal changes nothing by itself, so polling can stop. UNCLAIMED is not one. */
export function isFinalLifecycleStatus(status: PayPalLifecycleStatus): boolean {
  return status === 'paid' || status === 'failed' || status === 'returned';
}
