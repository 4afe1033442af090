// Photo uploads (DECISIONS "Photos"): a signed, short-lived URL per photo; one PUT of the raw
// bytes, limited to 10 MB while it streams; the bytes checked and re-encoded without metadata;
// photos served only to their owner and to admins. Nothing of a failed upload stays behind.
import type { Readable } from 'node:stream';
import {
  type CreateUploadInput,
  imageThumbnailUrl,
  imageUrl,
  intakeMessages,
  MAX_IMAGE_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  uploadMessages,
} from '@assay/domain';
import type { ListedObject, ObjectStorage, StoredObject } from '../../adapters/storage/object-storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { type Actor, ownedBy, visibleTo } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { assertCanAddPhoto, isSubmissionOwnedBy } from '../submissions/index.ts';
import { imageIdOfKey, keysOfImage, orphanedKeys, PHOTO_FOLDERS, photoKey, thumbnailKey } from './uploads.keys.ts';
import { processPhoto } from './uploads.processing.ts';
import {
  attachIntakeImages,
  claimPendingImage,
  countOpenUploadsOfOwner,
  deleteExpiredUploads,
  deleteUnattachedImages,
  findImageById,
  findImagesClaimingKeys,
  imageStatus,
  insertImage,
  markImageStored,
  releaseImageClaim,
} from './uploads.repository.ts';
import { isValidUploadSignature, signUpload, uploadPath } from './uploads.signing.ts';

/** What the upload rules use of the app's context. */
export type UploadsContext = Pick<AppContext, 'db' | 'storage' | 'keys' | 'clock'> & { log?: AppContext['log'] };

export const STORAGE_UNAVAILABLE_MESSAGE =
  'Photo storage is not reachable right now, so your photo was not saved. Please try again in a moment.';

/** A photo's bytes into storage; a storage that cannot take them is a 503 with a sentence, not a 500. */
async function putInStorage(ctx: UploadsContext, key: string, data: Buffer, contentType: string) {
  try {
    await ctx.storage.put(key, data, contentType);
  } catch (err) {
    ctx.log?.warn({ err, key }, 'photo storage refused a write');
    throw new AppError('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE);
  }
}

/** Open upload URLs one person may hold at once (the form needs 4; retries and a second tab fit). */
export const MAX_OPEN_UPLOADS = 24;
/** A PUT still 'uploading' this long after its URL expired died with its process. */
export const ABANDONED_UPLOAD_GRACE_MS = 60 * 60 * 1000;
/** Uploaded photos never attached to a submission (an abandoned form) are removed after this. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Temporary files of interrupted writes (local folder) older than this are removed. */
export const INCOMPLETE_WRITE_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * Stored objects no image row claims are removed once this old: far longer than any upload takes
 * (its row exists before its bytes anyway), so only true leftovers go: bytes whose row delete
 * committed before a crash stopped the file delete, or whose row a restore took back.
 */
export const ORPHAN_OBJECT_GRACE_MS = 24 * 60 * 60 * 1000;

const DELETE_BATCH = 16;
/** Listed objects checked against the database per query. */
const ORPHAN_CHECK_BATCH = 500;

export { photoKey, thumbnailKey } from './uploads.keys.ts';

export async function createUploadUrl(ctx: UploadsContext, actor: Actor, input: CreateUploadInput | null | undefined) {
  const purpose = input?.purpose ?? 'submission';
  if (purpose === 'intake' && !actor.isAdmin) throw forbidden(intakeMessages.adminsOnly);
  // Refuse a fifth photo before it is uploaded; the attach checks again under a row lock.
  if (input?.submissionId) await assertCanAddPhoto(ctx.db, actor, input.submissionId);
  const now = ctx.clock.now();
  if ((await countOpenUploadsOfOwner(ctx.db, actor.id, now)) >= MAX_OPEN_UPLOADS) {
    throw new AppError('TOO_MANY_REQUESTS', 'You have many unfinished uploads. Please wait a few minutes and try again.');
  }
  const id = crypto.randomUUID();
  const expires = Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
  await insertImage(ctx.db, {
    id,
    ownerId: actor.id,
    purpose,
    status: imageStatus.pending,
    storageKey: photoKey(id),
    thumbnailKey: thumbnailKey(id),
    uploadExpiresAt: new Date(expires * 1000),
    createdAt: now,
  });
  const signature = signUpload(ctx.keys.uploadSigningKey, id, expires);
  // The ticket is what the URL carries, for callers on the server that upload without HTTP (the demo seed).
  const ticket: UploadTicket = { imageId: id, expires: String(expires), signature };
  return { uploadURL: uploadPath(id, expires, signature), imageId: id, ticket };
}

/**
 * Intake evidence (DECISIONS "Intake evidence"): attaches the appraiser's uploaded intake photos to
 * the submission being received, inside the caller's transaction. A 400 with a sentence (and the
 * caller's transaction rolls back) unless every one is a stored, unused intake photo of this appraiser.
 */
export async function attachIntakePhotos(tx: DbOrTx, actor: Actor, submissionId: string, imageIds: readonly string[]) {
  if (imageIds.length === 0) return;
  const attached = await attachIntakeImages(tx, actor.id, submissionId, imageIds);
  if (attached !== imageIds.length) throw badRequest(intakeMessages.notUsable);
}

export interface UploadTicket {
  imageId: string;
  expires?: string;
  signature?: string;
}

function tooLarge() {
  return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
}

const interrupted = () => badRequest('The upload was interrupted. Please try again.');

/**
 * The whole body, refused as soon as it passes the limit (never buffering more than that). On
 * refusal the stream is paused, not destroyed, so the 413 answer still reaches the client.
 */
function readLimited(body: unknown, limit: number): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body.length > limit ? Promise.reject(tooLarge()) : Promise.resolve(body);
  if (!body || typeof (body as Readable).on !== 'function') return Promise.resolve(Buffer.alloc(0));
  const stream = body as Readable;
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('close', onClose);
      stream.off('error', onError);
      // Whatever still happens to the connection must not become an unhandled 'error' event.
      stream.on('error', () => undefined);
    };
    const onData = (chunk: Buffer | Uint8Array) => {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      total += buf.length;
      if (total > limit) {
        stop();
        stream.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, total));
    };
    const onClose = () => {
      stop();
      reject(interrupted());
    };
    const onError = () => {
      stop();
      reject(interrupted());
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('close', onClose);
    stream.on('error', onError);
  });
}

/**
 * Receives the PUT of one photo. The checks run cheapest first and before any byte is read:
 * signature (403), expiry (403), owner (404), still pending (409), declared size (413).
 */
export async function receiveUpload(
  ctx: UploadsContext,
  actor: Actor,
  { ticket, body, declaredLength }: { ticket: UploadTicket; body: unknown; declaredLength?: number },
) {
  const expires = ticket.expires && /^\d{1,12}$/.test(ticket.expires) ? Number(ticket.expires) : null;
  if (
    expires === null ||
    !ticket.signature ||
    !isValidUploadSignature(ctx.keys.uploadSigningKey, ticket.imageId, expires, ticket.signature)
  ) {
    throw forbidden(uploadMessages.linkInvalid);
  }
  const now = ctx.clock.now();
  if (expires * 1000 <= now.getTime()) throw forbidden(uploadMessages.linkExpired);
  const image = ownedBy(actor, await findImageById(ctx.db, ticket.imageId), 'Photo');
  if (image.status !== imageStatus.pending) throw conflict(uploadMessages.alreadyUploaded);
  if (declaredLength !== undefined && declaredLength > MAX_IMAGE_BYTES) throw tooLarge();

  // Of two PUTs at once exactly one gets here; the other hears 409.
  const claimed = await claimPendingImage(ctx.db, image.id, actor.id, now);
  if (!claimed) throw conflict(uploadMessages.alreadyUploaded);
  const keys = [claimed.storageKey, claimed.thumbnailKey ?? thumbnailKey(claimed.id)] as const;
  let done = false;
  try {
    const bytes = await readLimited(body, MAX_IMAGE_BYTES);
    if (bytes.length === 0) throw badRequest('The upload was empty. Please choose a photo.');
    const processed = await processPhoto(bytes);
    await putInStorage(ctx, keys[0], processed.photo.data, processed.photo.contentType);
    await putInStorage(ctx, keys[1], processed.thumbnail.data, processed.thumbnail.contentType);
    const stored = await markImageStored(ctx.db, claimed.id, {
      contentType: processed.photo.contentType,
      byteSize: processed.photo.data.length,
      width: processed.photo.width,
      height: processed.photo.height,
    });
    if (!stored) throw conflict(uploadMessages.alreadyUploaded);
    done = true;
    return {
      imageId: stored.id,
      url: imageUrl(stored.id),
      thumbnailUrl: imageThumbnailUrl(stored.id),
      width: processed.photo.width,
      height: processed.photo.height,
      bytes: processed.photo.data.length,
    };
  } finally {
    if (!done) {
      // Objects first, then the row back to pending: should the deletes fail, the cleanup job
      // still finds the keys on the (expiring) pending row and removes them later.
      await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
      await releaseImageClaim(ctx.db, claimed.id);
    }
  }
}

/** A stored photo (or its thumbnail) for its owner or an admin; 404 for everyone else. */
export async function getImage(
  ctx: UploadsContext,
  viewer: Actor,
  { imageId, size }: { imageId: string; size: 'full' | 'thumb' },
): Promise<StoredObject> {
  const found = await findImageById(ctx.db, imageId);
  const stored = found?.status === imageStatus.stored ? found : null;
  // Intake photos belong to the appraiser who took them; the seller of their submission sees them too.
  const sellerOfIntake =
    stored?.purpose === 'intake' &&
    stored.submissionId !== null &&
    (await isSubmissionOwnedBy(ctx.db, viewer, stored.submissionId));
  const image = sellerOfIntake ? stored : visibleTo(viewer, stored, 'Photo');
  const key = size === 'thumb' && image.thumbnailKey ? image.thumbnailKey : image.storageKey;
  const object = await ctx.storage.get(key);
  if (!object) throw notFound('Photo');
  return object;
}

export interface CleanupResult {
  expiredUploads: number;
  unattachedImages: number;
  incompleteWrites: number;
  /** Stored objects that no image row claimed (see ORPHAN_OBJECT_GRACE_MS), now removed. */
  orphanObjects: number;
  /** Objects that could not be deleted now (storage unreachable); their rows are gone. */
  failedDeletes: number;
}

/** Deletes the keys a few at a time (S3 is one request each) and answers how many failed. */
async function deleteKeys(storage: ObjectStorage, keys: string[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const results = await Promise.allSettled(keys.slice(i, i + DELETE_BATCH).map((key) => storage.delete(key)));
    failed += results.filter((r) => r.status === 'rejected').length;
  }
  return failed;
}

/** Removes stored objects no image row claims any more; lists the photo folders page by page. */
async function sweepOrphanObjects(db: Db, storage: ObjectStorage, now: Date) {
  const cutoff = new Date(now.getTime() - ORPHAN_OBJECT_GRACE_MS);
  let removed = 0;
  let failed = 0;
  const check = async (listed: ListedObject[]) => {
    const keys = listed.map((object) => object.key);
    const ids = keys.map(imageIdOfKey).filter((id): id is string => id !== null);
    const orphans = orphanedKeys(listed, await findImagesClaimingKeys(db, keys, ids), cutoff);
    const failedNow = await deleteKeys(storage, orphans);
    removed += orphans.length - failedNow;
    failed += failedNow;
  };
  for (const folder of PHOTO_FOLDERS) {
    let batch: ListedObject[] = [];
    for await (const object of storage.listObjects(folder)) {
      if (object.modifiedAt >= cutoff) continue;
      batch.push(object);
      if (batch.length === ORPHAN_CHECK_BATCH) {
        await check(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await check(batch);
  }
  return { removed, failed };
}

/**
 * Removes upload URLs never used, PUTs abandoned by a crash, photos never attached to anything
 * within a day (and their bytes), temporary files of interrupted writes, and (unless told not
 * to: it lists every photo) stored objects no row claims. Safe to run on several instances at
 * once: each row is deleted (and its keys handed out) exactly once, and an orphan deleted twice
 * is simply gone.
 */
export async function cleanupUploads(
  db: Db,
  storage: ObjectStorage,
  now: Date = new Date(),
  options: { sweepOrphans?: boolean } = {},
): Promise<CleanupResult> {
  const expired = await deleteExpiredUploads(db, now, new Date(now.getTime() - ABANDONED_UPLOAD_GRACE_MS));
  const unattached = await deleteUnattachedImages(db, new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS));
  // A crash between the row deletes above and these file deletes leaves orphans: the sweep below
  // (on this pass or a later one) removes them.
  let failedDeletes = await deleteKeys(storage, [...expired, ...unattached].flatMap(keysOfImage));
  const incompleteWrites = (await storage.sweepIncomplete?.(INCOMPLETE_WRITE_MAX_AGE_MS)) ?? 0;
  let orphanObjects = 0;
  if (options.sweepOrphans ?? true) {
    const swept = await sweepOrphanObjects(db, storage, now);
    orphanObjects = swept.removed;
    failedDeletes += swept.failed;
  }
  return {
    expiredUploads: expired.length,
    unattachedImages: unattached.length,
    incompleteWrites,
    orphanObjects,
    failedDeletes,
  };
}
