// GET /api/submissions/<id> (the "View Details" view), POST /api/submissions/<id>/images
// (photos added after "Request More Photos") and POST /api/submissions/<id>/consignment.
import { z } from 'zod';
import { submissionComplianceSchema } from './compliance.ts';
import { MAX_IMAGES_PER_SUBMISSION } from '../limits.ts';
import { validationMessages } from '../messages.ts';
import { MAX_IMAGE_REFERENCE_LENGTH } from './create-submission.ts';
import { floorJudgementSchema, offerHistoryShape } from './offer.ts';
import { intakePhotoSchema } from './intake.ts';
import { submissionSchema } from './submission.ts';
import { transactionSchema } from './transaction.ts';

export const timelineEntrySchema = z.object({
  at: z.string(),
  /** What happened: 'created', 'received', 'offered', 'photos_added', 'consignment_requested', ... */
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  /** A sentence-case label to show as it is ("Submitted", "Offer ready", "Photos added"). */
  label: z.string(),
  /** On the "received" entry: the intake photos the appraiser took (DECISIONS "Intake evidence"). */
  photos: z.array(intakePhotoSchema).optional(),
  /** On a payout's entries: its state in a sentence ("Paid Nov 23 by ACH, reference 0412."). */
  detail: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const labelSummarySchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  /** 'inbound' (client to Assay) or 'return' (Assay back to the client). */
  direction: z.string(),
});
export type LabelSummary = z.infer<typeof labelSummarySchema>;

/**
 * One inbound parcel's label: a worth above the per-parcel insurance limit ships as several parcels,
 * one label each, insured up to the limit (the last for the rest).
 */
export const parcelLabelSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  /** 1 to the number of parcels, in the order the labels were made. */
  parcelNumber: z.number().int().min(1),
  /** What this parcel is insured for, in dollars ("25000.00"). */
  insuredValue: z.string(),
});
export type ParcelLabel = z.infer<typeof parcelLabelSchema>;

/** The carrier's newest word on the seller's parcel to us (carrier labels only; none for sample labels). */
export const sellerParcelSchema = z.object({
  /** parcel-tracking.ts trackingStatuses: 'in_transit', 'out_for_delivery', 'delivered'... */
  status: z.string(),
  /** The carrier's sentence: "Delivered: Front desk, Wilmington DE, Nov 24". */
  detail: z.string(),
  at: z.string(),
});
export type SellerParcel = z.infer<typeof sellerParcelSchema>;

export const submissionDetailSchema = submissionSchema.extend({
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
  /** The inbound label, the first parcel's when there are several. */
  label: labelSummarySchema.nullable(),
  /** Every inbound parcel's label, first parcel first; empty before the label is made. */
  parcels: z.array(parcelLabelSchema),
  returnLabel: labelSummarySchema.nullable(),
  /** Null until the carrier reports the inbound parcel. */
  parcel: sellerParcelSchema.nullable(),
  transaction: transactionSchema.nullable(),
  /** Whether the return is shipped free (only once returned with a return label), else null. */
  freeReturn: z.boolean().nullable(),
  consignmentRequestedAt: z.string().nullable(),
  /** The itemised offer (current version) and the versions before it, newest first. */
  ...offerHistoryShape,
  /**
   * The current offer against the guaranteed floor: null without an offer or without a floor. The
   * seller's offer page explains it fact by fact; the appraiser's screen shows it too.
   */
  floorJudgement: floorJudgementSchema.nullable().optional(),
  /** What the rule the parcel was received under asks before payment (null before receipt). */
  compliance: submissionComplianceSchema.nullable().optional(),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const addSubmissionImagesSchema = z.object({
  images: z
    .array(
      z
        .string({ error: 'Each photo must be an uploaded image address.' })
        .trim()
        .min(1, 'Each photo must be an uploaded image address.')
        .max(MAX_IMAGE_REFERENCE_LENGTH, 'A photo address is too long to be valid.'),
      { error: 'Photos must be a list of uploaded image addresses.' },
    )
    .min(1, 'Please add at least one photo.')
    .superRefine((images, ctx) => {
      if (!Array.isArray(images)) return;
      if (images.length > MAX_IMAGES_PER_SUBMISSION) {
        ctx.addIssue({ code: 'custom', message: `You can add at most ${MAX_IMAGES_PER_SUBMISSION} photos.` });
      } else if (new Set(images).size !== images.length) {
        ctx.addIssue({ code: 'custom', message: 'Each photo can only be added once.' });
      }
    }),
});
export type AddSubmissionImagesInput = z.input<typeof addSubmissionImagesSchema>;

export const consignmentRequestSchema = z.object({ consignmentRequestedAt: z.string() });
export type ConsignmentRequest = z.infer<typeof consignmentRequestSchema>;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * SPEC 5: category, description and estimated weight are all required; when any is missing or
 * empty the answer is the one sentence 'Please fill in all required fields' (the form shows the
 * same toast). Null when all three are present; their values are checked by the schema.
 */
export function requiredSubmissionFieldsMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return validationMessages.requiredFields;
  const fields = body as Record<string, unknown>;
  return ['category', 'description', 'estimatedWeight'].some((key) => isBlank(fields[key]))
    ? validationMessages.requiredFields
    : null;
}
