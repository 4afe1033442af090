import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissionImages, submissions } from '../../db/schema/index.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmissionRow = typeof submissions.$inferInsert;

export async function insertSubmission(db: DbOrTx, row: NewSubmissionRow) {
  const [created] = await db.insert(submissions).values(row).returning();
  return created!;
}

export async function findSubmissionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row ?? null;
}

/** Reads the submission and holds its row until the transaction ends: changes to it queue up. */
export async function lockSubmission(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row ?? null;
}

export function listSubmissionsOfUser(db: DbOrTx, userId: string) {
  return (
    db
      .select()
      .from(submissions)
      .where(eq(submissions.userId, userId))
      // 'nulls last' matches how drizzle-kit wrote submissions_user_created_idx, so the index is used.
      .orderBy(sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
  );
}

export function listLatestSubmissions(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(submissions)
    .orderBy(sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(limit);
}

/** Item photo ids per submission, in slot order (never ID-document photos). */
export async function imageIdsBySubmission(db: DbOrTx, submissionIds: string[]) {
  const result = new Map<string, string[]>();
  if (submissionIds.length === 0) return result;
  const rows = await db
    .select({ id: submissionImages.id, submissionId: submissionImages.submissionId })
    .from(submissionImages)
    .where(and(inArray(submissionImages.submissionId, submissionIds), eq(submissionImages.purpose, 'submission')))
    .orderBy(asc(submissionImages.position), asc(submissionImages.createdAt), asc(submissionImages.id));
  for (const row of rows) {
    if (!row.submissionId) continue;
    result.set(row.submissionId, [...(result.get(row.submissionId) ?? []), row.id]);
  }
  return result;
}

export async function countImagesOfSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db.select({ n: count() }).from(submissionImages).where(eq(submissionImages.submissionId, submissionId));
  return row?.n ?? 0;
}

/**
 * Attaches one of the owner's stored, unattached item photos. Conditional, so a photo can never
 * end up on two submissions or on someone else's; false when the photo does not qualify.
 */
export async function attachImage(
  tx: DbOrTx,
  attach: { imageId: string; ownerId: string; submissionId: string; position: number },
) {
  const rows = await tx
    .update(submissionImages)
    .set({ submissionId: attach.submissionId, position: attach.position })
    .where(
      and(
        eq(submissionImages.id, attach.imageId),
        eq(submissionImages.ownerId, attach.ownerId),
        eq(submissionImages.status, 'stored'),
        eq(submissionImages.purpose, 'submission'),
        isNull(submissionImages.submissionId),
      ),
    )
    .returning({ id: submissionImages.id });
  return rows.length === 1;
}

/** Records the first consignment request only; null when one was already recorded. */
export async function setConsignmentRequested(tx: DbOrTx, id: string, at: Date) {
  const [row] = await tx
    .update(submissions)
    .set({ consignmentRequestedAt: at, updatedAt: at })
    .where(and(eq(submissions.id, id), isNull(submissions.consignmentRequestedAt)))
    .returning();
  return row ?? null;
}

export async function touchSubmission(tx: DbOrTx, id: string, at: Date) {
  await tx.update(submissions).set({ updatedAt: at }).where(eq(submissions.id, id));
}
