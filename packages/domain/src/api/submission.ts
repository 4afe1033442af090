// A submission as the server sends it. Status and category stay plain strings on the way out:
// SPEC 4 shows an unknown status raw, so the browser must accept values it does not know.
import { z } from 'zod';

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
  /** Internal appraiser notes: present only in answers to admins. */
  adminNotes: z.string().nullable().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.array(submissionSchema);
