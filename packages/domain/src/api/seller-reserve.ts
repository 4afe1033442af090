// The seller's reserve on the wire (decision 040): set at POST /api/submissions, changed with
// PUT /api/submissions/{id}/reserve before the offer. Bank numbers are never held before an offer,
// so a reserve's payout is PayPal or a paper check.
import { z } from 'zod';
import { reserveMessages } from '../seller-reserve.ts';
import { checkDetailsSchema, paypalDetailsSchema } from './create-transaction.ts';

export const reservePayoutSchema = z.discriminatedUnion(
  'payoutMethod',
  [
    z.object({ payoutMethod: z.literal('paypal'), payoutDetails: paypalDetailsSchema }),
    z.object({ payoutMethod: z.literal('check'), payoutDetails: checkDetailsSchema }),
  ],
  { error: reserveMessages.payoutNeeded },
);
export type ReservePayout = z.output<typeof reservePayoutSchema>;

/** "1500" or "1500.50"; the amount's own rules are checked with the quote on the server. */
export const reserveAmountSchema = z
  .string({ error: reserveMessages.notAmount })
  .trim()
  .regex(/^\d+(?:\.\d{1,2})?$/, reserveMessages.notAmount);

export const setReserveSchema = z
  .object({
    /** Null or absent: no reserve (an existing one is removed). */
    reserve: reserveAmountSchema.nullish().transform((value) => value ?? null),
    reservePayout: reservePayoutSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.reserve !== null && body.reservePayout === null) {
      ctx.addIssue({ code: 'custom', message: reserveMessages.payoutNeeded, path: ['reservePayout'] });
    }
  });
export type SetReserveBody = z.output<typeof setReserveSchema>;

/** What the seller's and the appraiser's answers say about the reserve. */
export const reserveStateSchema = z.object({
  amount: z.string(),
  payoutMethod: z.enum(['paypal', 'check']),
  /** ISO: when an offer met it and was accepted for the seller; null until then. */
  metAt: z.string().nullable(),
  /** ISO: until when the seller may still decline that offer; null until it is met. */
  declineUntil: z.string().nullable(),
});
export type ReserveState = z.infer<typeof reserveStateSchema>;
