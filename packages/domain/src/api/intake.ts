// Intake evidence (DECISIONS "Intake evidence"): when the appraiser marks a parcel received
// (POST /api/admin/submissions/{id}/receive, or PUT status 'appraising'), they may attach photos of
// the parcel as it was opened and of the items on the scale. The photos are uploaded first through
// the usual pipeline with purpose 'intake'; the receive body names them.
import { z } from 'zod';
import { imageIdFromReference } from './uploads.ts';

export const MAX_INTAKE_PHOTOS = 8;

export const intakeMessages = {
  tooMany: `You can attach at most ${MAX_INTAKE_PHOTOS} intake photos.`,
  notAList: 'Intake photos must be a list of uploaded photo ids.',
  badId: 'Each intake photo must be the id of an uploaded photo.',
  duplicate: 'Each intake photo can only be attached once.',
  notUsable:
    'One of the intake photos is not an uploaded intake photo of yours, or it is already attached. Please upload it again.',
  onlyWhenReceiving: 'Intake photos can only be attached when marking a parcel received (status "appraising").',
  adminsOnly: 'Only an appraiser can upload intake photos.',
} as const;

/** The photo ids (or their '/api/objects/<id>' addresses), at most 8, each once; answered as bare ids. */
export const intakePhotoIdsSchema = z
  .array(z.string({ error: intakeMessages.badId }), { error: intakeMessages.notAList })
  .max(MAX_INTAKE_PHOTOS, intakeMessages.tooMany)
  .transform((refs, ctx) => {
    const ids = refs.map(imageIdFromReference);
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: 'custom', message: intakeMessages.badId });
      return z.NEVER;
    }
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: intakeMessages.duplicate });
      return z.NEVER;
    }
    return ids as string[];
  });

/** POST /api/admin/submissions/{id}/receive: optional intake photos (no body: none). */
export const receiveSubmissionSchema = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object({ intakePhotoIds: intakePhotoIdsSchema.optional() }),
);
export type ReceiveSubmissionInput = z.input<typeof receiveSubmissionSchema>;
export type ReceiveSubmissionBody = z.output<typeof receiveSubmissionSchema>;

/** An intake photo as the seller's timeline and the admin history show it. */
export const intakePhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type IntakePhoto = z.infer<typeof intakePhotoSchema>;
