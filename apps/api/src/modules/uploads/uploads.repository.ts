import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kycRecords, submissionImages } from '../../db/schema/index.ts';
import type { ImageKeys } from './uploads.keys.ts';

export type ImageRow = typeof submissionImages.$inferSelect;
export type NewImageRow = typeof submissionImages.$inferInsert;

/**
 * An image row's life: 'pending' (URL handed out) -> 'uploading' (one PUT is being processed)
 * -> 'stored' (bytes in storage). Attaching it to a submission sets submission_id; it stays
 * 'stored'. A failed PUT puts it back to 'pending'.
 */
export const imageStatus = { pending: 'pending', uploading: 'uploading', stored: 'stored' } as const;

export async function insertImage(db: DbOrTx, row: NewImageRow) {
  const [created] = await db.insert(submissionImages).values(row).returning();
  return created!;
}

export async function findImageById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(submissionImages).where(eq(submissionImages.id, id));
  return row ?? null;
}

/** Upload URLs of this person still open now. */
export async function countOpenUploadsOfOwner(db: DbOrTx, ownerId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(submissionImages)
    .where(
      and(
        eq(submissionImages.ownerId, ownerId),
        inArray(submissionImages.status, [imageStatus.pending, imageStatus.uploading]),
        gt(submissionImages.uploadExpiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes a pending, unexpired row of this owner for one PUT. Conditional, so of two PUTs at once
 * exactly one gets the row; null for the other (and for expired or foreign rows).
 */
export async function claimPendingImage(db: DbOrTx, id: string, ownerId: string, now: Date) {
  const [row] = await db
    .update(submissionImages)
    .set({ status: imageStatus.uploading })
    .where(
      and(
        eq(submissionImages.id, id),
        eq(submissionImages.ownerId, ownerId),
        eq(submissionImages.status, imageStatus.pending),
        gt(submissionImages.uploadExpiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Back to pending after a failed PUT, so nothing of it remains and the link may be tried again. */
export async function releaseImageClaim(db: DbOrTx, id: string) {
  await db
    .update(submissionImages)
    .set({ status: imageStatus.pending })
    .where(and(eq(submissionImages.id, id), eq(submissionImages.status, imageStatus.uploading)));
}

export async function markImageStored(
  db: DbOrTx,
  id: string,
  facts: { contentType: string; byteSize: number; width: number; height: number },
) {
  const [row] = await db
    .update(submissionImages)
    .set({ ...facts, status: imageStatus.stored })
    .where(and(eq(submissionImages.id, id), eq(submissionImages.status, imageStatus.uploading)))
    .returning();
  return row ?? null;
}

/** An image row as far as its storage keys go. */
export type RemovedImage = ImageKeys;

const keyColumns = {
  id: submissionImages.id,
  storageKey: submissionImages.storageKey,
  thumbnailKey: submissionImages.thumbnailKey,
};

/**
 * Upload URLs never used before they expired, and PUTs abandoned mid-way (a crash) once their
 * URL is long expired. The condition is part of the DELETE, so a row claimed for a PUT in the
 * meantime is never taken.
 */
export function deleteExpiredUploads(db: DbOrTx, now: Date, abandonedBefore: Date): Promise<RemovedImage[]> {
  return db
    .delete(submissionImages)
    .where(
      or(
        and(eq(submissionImages.status, imageStatus.pending), lt(submissionImages.uploadExpiresAt, now)),
        and(eq(submissionImages.status, imageStatus.uploading), lt(submissionImages.uploadExpiresAt, abandonedBefore)),
      ),
    )
    .returning(keyColumns);
}

/**
 * Stored photos nobody attached (the form was abandoned) created before the cutoff. ID photos
 * are attached through kyc_records.id_image_key instead of submission_id, so those stay.
 */
export function deleteUnattachedImages(db: DbOrTx, createdBefore: Date): Promise<RemovedImage[]> {
  return db
    .delete(submissionImages)
    .where(
      and(
        eq(submissionImages.status, imageStatus.stored),
        isNull(submissionImages.submissionId),
        lt(submissionImages.createdAt, createdBefore),
        sql`not exists (select 1 from ${kycRecords} where ${kycRecords.idImageKey} = ${submissionImages.id})`,
      ),
    )
    .returning(keyColumns);
}

/**
 * Image rows that claim any of these keys: by their key columns, or by their id for the
 * thumbnail key derived from it (see keysOfImage). Any status counts: a pending row's keys are
 * about to be written.
 */
export function findImagesClaimingKeys(db: DbOrTx, keys: string[], ids: string[]): Promise<ImageKeys[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select(keyColumns)
    .from(submissionImages)
    .where(
      or(
        inArray(submissionImages.storageKey, keys),
        inArray(submissionImages.thumbnailKey, keys),
        ids.length > 0 ? inArray(submissionImages.id, ids) : undefined,
      ),
    );
}

/**
 * Attaches the appraiser's stored, unattached intake photos to a submission, in the order given.
 * Conditional per photo (owner, purpose 'intake', stored, not yet attached); answers how many
 * qualified, so the caller refuses (and rolls back) unless all did.
 */
export async function attachIntakeImages(tx: DbOrTx, ownerId: string, submissionId: string, imageIds: readonly string[]) {
  let attached = 0;
  for (const [position, id] of imageIds.entries()) {
    const rows = await tx
      .update(submissionImages)
      .set({ submissionId, position })
      .where(
        and(
          eq(submissionImages.id, id),
          eq(submissionImages.ownerId, ownerId),
          eq(submissionImages.status, imageStatus.stored),
          eq(submissionImages.purpose, 'intake'),
          isNull(submissionImages.submissionId),
        ),
      )
      .returning({ id: submissionImages.id });
    attached += rows.length;
  }
  return attached;
}
