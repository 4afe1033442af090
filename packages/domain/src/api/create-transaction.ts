// POST /api/transactions (SPEC 3, 7): how the client wants to be paid. The details depend on the
// method, so the body is a union keyed by payoutMethod; the amount is tolerated but ignored
// because the server derives it from the final offer (DECISIONS "Payouts").
import { z } from 'zod';
import { validationMessages } from '../messages.ts';
import { isValidAbaRoutingNumber } from './aba-routing.ts';
import { idSchema, ignoredAmountSchema } from './common.ts';

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

export const achDetailsSchema = z.object(
  {
    accountName: requiredText(validationMessages.bankDetails).max(100, 'The account holder name can be at most 100 characters.'),
    routingNumber: requiredText(validationMessages.bankDetails)
      .regex(/^\d{9}$/, { error: 'The routing number must be exactly 9 digits.', abort: true })
      .refine(isValidAbaRoutingNumber, 'That routing number is not valid; please check it with your bank.'),
    accountNumber: requiredText(validationMessages.bankDetails).regex(/^\d{4,17}$/, 'The account number must be 4 to 17 digits.'),
  },
  { error: validationMessages.bankDetails },
);

export const paypalDetailsSchema = z.object(
  {
    email: requiredText(validationMessages.paypalEmail).pipe(
      z.email('Please enter a valid PayPal email address.').max(254, 'That email address is too long.'),
    ),
  },
  { error: validationMessages.paypalEmail },
);

/** SPEC 3: check details are just { method: 'check' }; an absent object means the same. */
export const checkDetailsSchema = z
  .object({ method: z.literal('check', { error: 'Check details must say method "check".' }).default('check') })
  .default({ method: 'check' });

const transactionBase = {
  submissionId: idSchema('submission'),
  amount: ignoredAmountSchema,
  /**
   * The offer version the seller is looking at (DECISIONS "The honest offer"). When sent, the
   * acceptance only goes through while that version is still the current one, so nobody accepts
   * an amount they have not seen.
   */
  offerVersion: z
    .number({ error: 'offerVersion must be the whole number of the offer you are accepting.' })
    .int('offerVersion must be the whole number of the offer you are accepting.')
    .min(1, 'offerVersion must be the whole number of the offer you are accepting.')
    .optional(),
};

const chooseMethodMessage = 'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.';
const achChoice = z.object({ payoutMethod: z.literal('ach'), payoutDetails: achDetailsSchema });
const paypalChoice = z.object({ payoutMethod: z.literal('paypal'), payoutDetails: paypalDetailsSchema });
const checkChoice = z.object({ payoutMethod: z.literal('check'), payoutDetails: checkDetailsSchema });

export const createTransactionSchema = z.discriminatedUnion(
  'payoutMethod',
  [achChoice.extend(transactionBase), paypalChoice.extend(transactionBase), checkChoice.extend(transactionBase)],
  { error: chooseMethodMessage },
);

/**
 * How to be paid and where, alone: the body of POST /api/transactions/{id}/retry (new details for
 * a failed, returned or unclaimed payout). The same choices as accepting the offer, checked by the
 * same rules; nothing else, since the amount and the submission are the payout's own.
 */
export const retryPayoutSchema = z.discriminatedUnion('payoutMethod', [achChoice, paypalChoice, checkChoice], {
  error: chooseMethodMessage,
});

export type AchDetails = z.output<typeof achDetailsSchema>;
export type PaypalDetails = z.output<typeof paypalDetailsSchema>;
export type CheckDetails = z.output<typeof checkDetailsSchema>;
export type PayoutDetails = AchDetails | PaypalDetails | CheckDetails;
/** What the payout form sends. */
export type CreateTransactionInput = z.input<typeof createTransactionSchema>;
/** What the route receives after validation. */
export type CreateTransactionBody = z.output<typeof createTransactionSchema>;
/** What the retry form sends. */
export type RetryPayoutInput = z.input<typeof retryPayoutSchema>;
/** A payout method with its details, as validated: what a retry receives, and part of an acceptance. */
export type PayoutChoice = z.output<typeof retryPayoutSchema>;
