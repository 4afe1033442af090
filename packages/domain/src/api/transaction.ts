// A payout as the server sends it: amounts are decimal strings, and payoutDetails holds only
// what may be shown (holder name, last 4 digits, PayPal e-mail), never full bank numbers.
import { z } from 'zod';

export const transactionSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  amount: z.string(),
  grossAmount: z.string(),
  feeAmount: z.string(),
  /**
   * Decision 036: the goodwill paid with this payout for an offer below the guaranteed floor
   * ("0.00" for none). amount = grossAmount - feeAmount + goodwillAmount; a declined offer's
   * goodwill payout has grossAmount "0.00".
   */
  goodwillAmount: z.string().default('0.00'),
  payoutMethod: z.string(),
  payoutDetails: z.record(z.string(), z.string()),
  /** The payout lifecycle: pending, processing, paid, failed, returned or unclaimed. */
  status: z.string(),
  /** manual, ach-file, paypal or check. */
  rail: z.string(),
  reference: z.string().nullable(),
  /** Why it failed or came back, as the rail said it. */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string(),
  /** 1, and one more for each retry with new details. */
  attempt: z.number().int(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** A large payout waiting for a second admin's approval (payout-approval.ts): no rail has it yet. */
  awaitingApproval: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = z.array(transactionSchema);

/**
 * What a payout keeps of its method's details (transactions.payout_details): the holder's name and
 * last 4 digits for ACH, the PayPal e-mail, or that it is a check. The full bank numbers are kept
 * apart, encrypted (transactions.encrypted_bank_details).
 */
export type ShownPayoutDetails =
  { accountName: string; accountLast4: string; routingLast4: string } | { email: string } | { method: 'check' };
