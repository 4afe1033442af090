// Photo uploads (DECISIONS "Photos"): POST /api/objects/upload answers a short-lived signed URL
// for one image, the browser PUTs the raw bytes there, and the photo is then served privately at
// /api/objects/<id>. The browser's upload widget and the server read the same limits and words.
import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * 'submission': a photo of an item; 'kyc': a photo of an ID document (never shown beside items);
 * 'intake': an appraiser's photo of a parcel as it was opened (DECISIONS "Intake evidence").
 */
export const imagePurposes = ['submission', 'kyc', 'intake'] as const;
export type ImagePurpose = (typeof imagePurposes)[number];

/** An upload URL is good for one PUT within this many seconds. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** What the browser may offer to upload; the server still decides by the bytes. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export const acceptedImageExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.heic'] as const;

export const uploadMessages = {
  unsupportedType: 'Only JPEG, PNG, WebP or HEIC photos are accepted.',
  unreadable: 'This photo could not be read. Please try another file.',
  /** While the server has no HEVC decoder (see the uploads module): said plainly, with a way out. */
  /** Uppy's restriction sentence ('%{file} exceeds maximum allowed size of %{size}'), for one photo. */
  tooLarge: 'This photo exceeds maximum allowed size of 10 MB',
  tooManyPixels: 'This photo has too many pixels to process (at most 64 megapixels). Please upload a smaller version.',
  linkInvalid: 'This upload link is not valid. Please add the photo again.',
  linkExpired: 'This upload link has expired. Please add the photo again.',
  alreadyUploaded: 'This photo has already been uploaded.',
  submissionFull: 'This submission already has 4 photos, the most it can have.',
} as const;

export const createUploadSchema = z
  .object({
    purpose: z
      .enum(imagePurposes, { error: "The photo's purpose must be 'submission', 'kyc' or 'intake'." })
      .optional()
      .default('submission'),
    /** When adding photos to an existing submission, so that a fifth is refused before its upload. */
    submissionId: idSchema('submission').optional(),
  })
  .refine((body) => !(body.purpose === 'kyc' && body.submissionId), {
    message: 'An ID photo is not part of a submission.',
    path: ['submissionId'],
  })
  .refine((body) => !(body.purpose === 'intake' && body.submissionId), {
    message: 'An intake photo is attached when the parcel is marked received, not uploaded into a submission.',
    path: ['submissionId'],
  });
export type CreateUploadInput = z.input<typeof createUploadSchema>;

export const uploadUrlSchema = z.object({
  /** Relative; PUT the raw image bytes there with the session cookie, once, within 15 minutes. */
  uploadURL: z.string(),
  imageId: z.string(),
});
export type UploadUrl = z.infer<typeof uploadUrlSchema>;

/** The answer to the PUT. */
export const uploadedImageSchema = z.object({
  imageId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const IMAGE_URL_PREFIX = '/api/objects/';

export function imageUrl(imageId: string): string {
  return `${IMAGE_URL_PREFIX}${imageId}`;
}

export function imageThumbnailUrl(imageId: string): string {
  return `${imageUrl(imageId)}?size=thumb`;
}

const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The image id in a photo reference: a bare id or its "/api/objects/<id>" address, as the PUT
 * answered it. Null for anything else (another site's address, a thumbnail address, a path).
 */
export function imageIdFromReference(reference: string): string | null {
  const value = reference.trim();
  const id = value.startsWith(IMAGE_URL_PREFIX) ? value.slice(IMAGE_URL_PREFIX.length) : value;
  return IMAGE_ID.test(id) ? id : null;
}
