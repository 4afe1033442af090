import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { kycRecords, submissionImages, users } from '../../../db/schema/index.ts';

export type KycRecordRow = typeof kycRecords.$inferSelect;
export type NewKycRecordRow = typeof kycRecords.$inferInsert;

/** Holds the person's row until the transaction ends, so one person's requests queue up. */
export async function lockUser(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function latestKycRecordOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id))
    .limit(1);
  return row ?? null;
}

export async function hasApprovedKycRecord(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: kycRecords.id })
    .from(kycRecords)
    .where(and(eq(kycRecords.userId, userId), eq(kycRecords.status, 'approved')))
    .limit(1);
  return Boolean(row);
}

export async function findImage(db: DbOrTx, imageId: string) {
  const [row] = await db
    .select({
      id: submissionImages.id,
      ownerId: submissionImages.ownerId,
      status: submissionImages.status,
      purpose: submissionImages.purpose,
    })
    .from(submissionImages)
    .where(eq(submissionImages.id, imageId));
  return row ?? null;
}

export async function insertKycRecord(tx: DbOrTx, row: NewKycRecordRow) {
  const [created] = await tx.insert(kycRecords).values(row).returning();
  return created!;
}

export async function findKycRecord(db: DbOrTx, id: string) {
  const [row] = await db.select().from(kycRecords).where(eq(kycRecords.id, id));
  return row ?? null;
}

/** Decides a pending record; answers null when it is not (or no longer) pending. */
export async function decidePendingKycRecord(
  tx: DbOrTx,
  id: string,
  decision: { status: 'approved' | 'rejected'; reviewedBy: string; reviewedAt: Date; rejectionReason: string | null },
) {
  const [row] = await tx
    .update(kycRecords)
    .set(decision)
    .where(and(eq(kycRecords.id, id), eq(kycRecords.status, 'pending')))
    .returning();
  return row ?? null;
}

const reviewers = alias(users, 'reviewer');

/** Identity checks (one by id, or all / of one status), newest first, with the reviewer's name. */
export function listKycRecords(db: DbOrTx, filter: { status?: string; id?: string }, limit: number) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(kycRecords.status, filter.status));
  if (filter.id) conditions.push(eq(kycRecords.id, filter.id));
  return db
    .select({ record: kycRecords, reviewerName: reviewers.name })
    .from(kycRecords)
    .leftJoin(reviewers, eq(reviewers.id, kycRecords.reviewedBy))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id))
    .limit(limit);
}
