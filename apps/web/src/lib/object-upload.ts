import { imageThumbnailUrl, imageUrl, type ImagePurpose, type UploadedImage, type UploadUrl } from '@assay/domain';
import { api } from './api';
import { apiFetch } from './api-client';

/**
 * Photos go up in two steps (DECISIONS "Photos"): POST /api/objects/upload answers a short-lived,
 * single-use URL, then the browser PUTs the raw bytes there. Item photos (the Uppy widget) and ID
 * photos (the KYC form) both use these.
 */
export function requestUploadTarget(options: { purpose?: ImagePurpose; submissionId?: string } = {}): Promise<UploadUrl> {
  return api.POST('/api/objects/upload', { body: options });
}

/** The Content-Type to send for a file: its own, or one guessed from a HEIC name (some browsers leave it empty). */
export function imageContentType(file: { type?: string | null; name?: string | null }): string {
  if (file.type) return file.type;
  if (/\.heic$/i.test(file.name ?? '')) return 'image/heic';
  return 'application/octet-stream';
}

/** One PUT of one file to a fresh upload URL (used where no progress bar is needed). */
export async function uploadImage(
  file: File,
  purpose: ImagePurpose = 'submission',
): Promise<Pick<UploadedImage, 'imageId' | 'url' | 'thumbnailUrl'>> {
  const target = await requestUploadTarget({ purpose });
  // The raw bytes to the upload URL it answered (not a JSON route of the API): apiFetch.
  const response = await apiFetch(target.uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': imageContentType(file) },
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : {}) as Partial<UploadedImage>;
  const imageId = body.imageId ?? target.imageId;
  return { imageId, url: body.url ?? imageUrl(imageId), thumbnailUrl: body.thumbnailUrl ?? imageThumbnailUrl(imageId) };
}
