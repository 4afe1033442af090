// A submission as the server sends it. Status and category stay plain strings on the way out:
// SPEC 4 shows an unknown status raw, so the browser must accept values it does not know.
import { z } from 'zod';
import { itemTypeSchema } from '../rule-schemas.ts';
import { referencePriceUnits, type QuoteBasis } from '../offer-vocabulary.ts';
import { weightUnitSchema } from '../weight.ts';
import { reserveStateSchema } from './seller-reserve.ts';
import { submissionItemSchema } from './submission-items.ts';

/** The live price and payout rates a metal-aware preliminary quote rested on (QuoteBasis). */
export const quoteBasisSchema = z.object({
  material: itemTypeSchema,
  weight: z.string(),
  weightUnit: weightUnitSchema,
  purity: z.string(),
  referencePrice: z.string(),
  referenceUnit: z.enum(referencePriceUnits),
  priceSource: z.string(),
  pricedAt: z.string(),
  minPercent: z.string(),
  maxPercent: z.string(),
}) satisfies z.ZodType<QuoteBasis>;

export const submissionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  category: z.string(),
  description: z.string(),
  estimatedWeight: z.number(),
  weightUnit: z.string(),
  images: z.array(z.string()),
  preliminaryQuoteMin: z.string().nullable(),
  preliminaryQuoteMax: z.string().nullable(),
  /** What the seller said it is made of (a pricing item type), or null when they did not say. */
  material: z.string().nullable(),
  /** The prices and rates of a metal-aware quote; null for SPEC 9's table quote. */
  quoteBasis: quoteBasisSchema.nullable(),
  /** Declared to the carrier and printed on the packing slip: one parcel's share of the declared value, up to the insured limit. */
  insuredValue: z.string().nullable(),
  /**
   * What the contents are worth: the higher of the quote's maximum and the named metal's melt value
   * (issue 27 item 1). Null for submissions from before it was stored.
   */
  declaredValue: z.string().nullable().optional(),
  /** How many parcels the contents ship in, so none is insured above the per-parcel limit. */
  parcelCount: z.number().int().positive().optional(),
  /**
   * The guaranteed floor of a submission whose seller named the metal (issue 27 item 2): the final
   * offer is at least `floor` unless the measured weight or purity differs from what was named; an
   * offer below it otherwise means a free return and `goodwill` paid. Null when nothing was named.
   */
  guarantee: z.object({ floor: z.string(), goodwill: z.string() }).nullable().optional(),
  finalOffer: z.string().nullable(),
  actualWeight: z.number().nullable(),
  status: z.string(),
  guaranteeDeadline: z.string(),
  requiresKyc: z.boolean(),
  createdAt: z.string(),
  /** While returning: the return parcel's tracking number (DECISIONS "Returning"). */
  returnTrackingNumber: z.string().nullable().optional(),
  /** When the returned item reached the client. */
  returnDeliveredAt: z.string().nullable().optional(),
  /** ISO: the open offer's deadline while the submission is offered; null otherwise. */
  offerValidUntil: z.string().nullable().optional(),
  /** The seller's reserve (decision 040), with its acceptance; null when none was set. */
  reserve: reserveStateSchema.nullable().optional(),
  /**
   * The parcel's items in order (issue 27 item 5); item 1 is the submission's own description,
   * weight and photos, and the quote, declared value and insured value above are their sums.
   */
  items: z.array(submissionItemSchema).optional(),
  /** Internal appraiser notes: present only in answers to admins. */
  adminNotes: z.string().nullable().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.array(submissionSchema);
