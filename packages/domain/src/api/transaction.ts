// A payout as the server sends it: amounts are decimal strings, and payoutDetails holds only
// what may be shown (holder name, last 4 digits, PayPal e-mail), never full bank numbers.
import { z } from 'zod';

export const transactionSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  amount: z.string(),
  grossAmount: z.string(),
  feeAmount: z.string(),
  payoutMethod: z.string(),
  payoutDetails: z.record(z.string(), z.string()),
  status: z.string(),
  reference: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = z.array(transactionSchema);
