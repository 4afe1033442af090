// Upload URLs carry an HMAC-SHA256 over the image id and the expiry, so they cannot be forged or
// extended. The key is derived from the session secret (one secret to manage, separate keys per
// use): changing SESSION_SECRET invalidates open upload URLs as it signs everyone out anyway.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function uploadSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('assay:upload-url:v1').digest();
}

export function signUpload(key: Buffer, imageId: string, expiresUnix: number): string {
  return createHmac('sha256', key).update(`${imageId}.${expiresUnix}`).digest('base64url');
}

/** Constant-time comparison; any malformed input is simply not valid. */
export function isValidUploadSignature(key: Buffer, imageId: string, expiresUnix: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(key, imageId, expiresUnix), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function uploadPath(imageId: string, expiresUnix: number, signature: string): string {
  return `/api/objects/uploads/${encodeURIComponent(imageId)}?expires=${expiresUnix}&signature=${encodeURIComponent(signature)}`;
}
