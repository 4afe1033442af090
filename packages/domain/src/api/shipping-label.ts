// Shipping labels and returns as the server sends them (SPEC 3 "Shipping label": id and
// trackingNumber, plus what the dashboard and the decline screen show), and the words both the
// PDF and the browser use for who pays the return trip (DECISIONS "Declining an offer").
import { z } from 'zod';
import { dollarsToCents } from '../money.ts';
import { submissionSchema } from './submission.ts';

export const labelDirections = ['inbound', 'return'] as const;
export type LabelDirection = (typeof labelDirections)[number];

export const shippingLabelSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  /** 'inbound': the client sends the parcel to Assay; 'return': Assay sends it back. */
  direction: z.enum(labelDirections),
  trackingNumber: z.string(),
  carrier: z.string(),
  /** False for the sample carrier: the PDF then says it is not valid for postage. */
  validForPostage: z.boolean(),
  /** The declared value the parcel is insured for, dollars as a decimal string ("1250.00"). */
  insuredValue: z.string(),
  /** Return labels only: whether Assay pays the return shipping; null on inbound labels. */
  freeReturn: z.boolean().nullable(),
  createdAt: z.string(),
});
export type ShippingLabel = z.infer<typeof shippingLabelSchema>;

/** POST /api/submissions/{id}/decline answers the returned submission and its return label. */
export const declineOfferResponseSchema = z.object({
  submission: submissionSchema,
  returnLabel: shippingLabelSchema,
  freeReturn: z.boolean(),
});
export type DeclineOfferResponse = z.infer<typeof declineOfferResponseSchema>;

export const ADDRESS_REQUIRED_MESSAGE = 'Please add your shipping address first.';
export const SAMPLE_LABEL_MARKING = 'NOT VALID FOR POSTAGE — SAMPLE LABEL';
export const NO_LABEL_MESSAGE = 'No label available';

/**
 * Who pays the return trip, as printed on the return label and shown when declining.
 * DECISIONS promises free return shipping only when the offer is at least 20% below the estimate;
 * no fee amount is specified, so otherwise the label points to our terms instead of inventing one.
 */
export const returnShippingTerms = {
  free: 'FREE RETURN SHIPPING — prepaid by Assay',
  billed: 'Return shipping billed per our terms',
} as const;

export function returnShippingText(freeReturn: boolean): string {
  return freeReturn ? returnShippingTerms.free : returnShippingTerms.billed;
}

/**
 * What a parcel is insured for, in cents: the top of the preliminary quote, or the final offer
 * when that is higher (we insure for what we would pay, never less than the estimate promised),
 * capped by the per-parcel insured limit the insurer covers (INSURED_LIMIT): a declared value above
 * it would be a promise no policy keeps. Null when neither is a positive amount: such a parcel
 * cannot be insured, so no label is made.
 */
export function labelInsuredValueCents(
  preliminaryQuoteMax: string | null | undefined,
  finalOffer: string | null | undefined,
  insuredLimitCents: number,
): number | null {
  const amounts = [preliminaryQuoteMax, finalOffer]
    .map((value) => (value == null ? null : dollarsToCents(value)))
    .filter((cents): cents is number => cents !== null && cents > 0);
  return amounts.length === 0 ? null : Math.min(Math.max(...amounts), insuredLimitCents);
}
