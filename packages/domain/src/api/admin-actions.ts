// The appraiser's workflow buttons besides the offer (DECISIONS "Submissions and their life",
// "Payouts"): mark returned, ask for photos, list identity checks, mark a payout sent. The review
// itself uses kycReviewSchema from kyc.ts.
import { z } from 'zod';
import { shippingAddressDtoSchema } from './shipping-address.ts';
import { payoutStatusSchema } from '../rule-schemas.ts';
import { transactionSchema } from './transaction.ts';
import { complianceHolds } from '../sanctions-screening.ts';

export const ADMIN_MESSAGE_MAX_LENGTH = 1000;
export const PAYOUT_REFERENCE_MAX_LENGTH = 100;

const optionalMessage = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A POST without a body arrives as undefined or null; both mean "nothing to add". */
const noBodyAsEmpty = (value: unknown) => (value === undefined || value === null ? {} : value);

/** POST /api/admin/submissions/{id}/return: an optional word to the client. */
export const returnSubmissionSchema = z.preprocess(
  noBodyAsEmpty,
  z.object({ reason: optionalMessage('The reason', ADMIN_MESSAGE_MAX_LENGTH) }),
);
export type ReturnSubmissionInput = z.input<typeof returnSubmissionSchema>;

/** POST /api/admin/submissions/{id}/request-photos: what the appraiser would like to see. */
export const requestPhotosSchema = z.preprocess(
  noBodyAsEmpty,
  z.object({ message: optionalMessage('The message', ADMIN_MESSAGE_MAX_LENGTH) }),
);
export type RequestPhotosInput = z.input<typeof requestPhotosSchema>;

export const adminKycListStatuses = ['pending', 'approved', 'rejected'] as const;

/** GET /api/admin/kyc?status=pending (no status: every record, newest first). */
export const adminKycListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(adminKycListStatuses, { error: 'Status must be one of pending, approved or rejected.' }).optional(),
  ),
});

/**
 * An identity check as the reviewing appraiser sees it (the kyc module's record plus who the
 * customer and the reviewer are): never the full ID number.
 */
export const adminKycRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  customerLabel: z.string(),
  status: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  idType: z.string(),
  idNumberLast4: z.string(),
  /** The state or country that issued the ID (id-issuer.ts); null for checks sent before it was asked. */
  idIssuer: z.string().nullable(),
  /** The photo of the ID document at /api/objects/<id>, served to admins only; null when none. */
  idImageUrl: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** When the client sent it. */
  createdAt: z.string(),
});
export type AdminKycRecord = z.infer<typeof adminKycRecordSchema>;
export const adminKycRecordListSchema = z.array(adminKycRecordSchema);

const referenceMessage = 'Please enter the payment reference (check number, ACH trace or PayPal transaction id).';

/** POST /api/admin/transactions/{id}/sent */
export const markPayoutSentSchema = z.object({
  reference: z
    .string({ error: referenceMessage })
    .trim()
    .min(1, referenceMessage)
    .max(PAYOUT_REFERENCE_MAX_LENGTH, `The reference can be at most ${PAYOUT_REFERENCE_MAX_LENGTH} characters.`),
});
export type MarkPayoutSentInput = z.input<typeof markPayoutSentSchema>;

const confirmationMessage = "Please enter the provider's confirmation: the PayPal transaction id or the bank's reference.";

/**
 * POST /api/admin/transactions/{id}/paid: a payout sent by hand is paid once the provider's own
 * confirmation is recorded (decision 034); the seller reads it beside "Paid".
 */
export const confirmManualPayoutSchema = z.object({
  confirmation: z
    .string({ error: confirmationMessage })
    .trim()
    .min(1, confirmationMessage)
    .max(PAYOUT_REFERENCE_MAX_LENGTH, `The confirmation can be at most ${PAYOUT_REFERENCE_MAX_LENGTH} characters.`),
});
export type ConfirmManualPayoutInput = z.input<typeof confirmManualPayoutSchema>;

// ---------------------------------------------------------------------------------------------
// The payouts queue: what the appraisers still have to pay by hand, and what they already sent.

/** The queue answers at most this many payouts; there is no paging (a longer queue is a backlog to clear). */
export const ADMIN_PAYOUT_LIST_MAX = 100;

const payoutLimitMessage = `limit must be a whole number from 1 to ${ADMIN_PAYOUT_LIST_MAX}.`;
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/admin/payouts?status=<payout status>&limit= : without a status, the pending ones (oldest
 * first, to pay in order); any other status newest change first. At most 100.
 */
export const adminPayoutListQuerySchema = z.object({
  status: z.preprocess(blankAsUnset, payoutStatusSchema.default('pending')),
  limit: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: payoutLimitMessage })
      .int(payoutLimitMessage)
      .min(1, payoutLimitMessage)
      .max(ADMIN_PAYOUT_LIST_MAX, payoutLimitMessage)
      .default(ADMIN_PAYOUT_LIST_MAX),
  ),
});
export type AdminPayoutListQuery = z.input<typeof adminPayoutListQuerySchema>;

/**
 * One payout in the queue: the payout as its client sees it (payoutDetails holds only what may be
 * shown, never bank numbers), what it pays for, and who, as the mailbox names customers.
 */
export const adminPayoutSchema = transactionSchema.extend({
  submission: z.object({
    id: z.string(),
    /** The last 8 characters of the id, as on the cards and the shipping label. */
    shortId: z.string(),
    description: z.string(),
    category: z.string(),
    finalOffer: z.string().nullable(),
  }),
  /** 'Customer #' + the last 4 characters of the user id. */
  customerLabel: z.string(),
  /** Check payouts only: where the check is mailed (the client's shipping address); else null. */
  mailTo: shippingAddressDtoSchema.nullable(),
  /** Held by sanctions screening (no rail moves it), with the sentence saying why; null when not held. */
  complianceHold: z
    .object({ hold: z.enum(complianceHolds), message: z.string() })
    .nullable()
    .optional(),
  /**
   * Four eyes on large payments (payout-approval.ts): null when the payout needs no second admin.
   * `mayApprove` is for the admin reading the queue; `whyNot` says why not (they made the offer,
   * it is already approved...), null when they may.
   */
  approval: z
    .object({
      approved: z.boolean(),
      approvedAt: z.string().nullable(),
      mayApprove: z.boolean(),
      whyNot: z.string().nullable(),
    })
    .nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutListSchema = z.array(adminPayoutSchema);

/**
 * POST /api/admin/transactions/{id}/bank-details: the full numbers of a pending ACH payout, for
 * the appraiser who sends the transfer by hand. Every look is written to the audit log.
 */
export const revealedBankDetailsSchema = z.object({
  accountName: z.string(),
  routingNumber: z.string(),
  accountNumber: z.string(),
});
export type RevealedBankDetails = z.infer<typeof revealedBankDetailsSchema>;
