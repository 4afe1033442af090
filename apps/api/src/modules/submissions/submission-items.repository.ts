// The items of a parcel (decision 042): written once with their submission, read with its answer,
// and marked sold or returned when its offer is settled.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ItemOutcome } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { submissionImages, submissionItems, type SubmissionItemRow } from '../../db/schema/index.ts';

export type { SubmissionItemRow };
export type NewSubmissionItemRow = typeof submissionItems.$inferInsert;

export async function insertSubmissionItems(tx: DbOrTx, rows: NewSubmissionItemRow[]) {
  return tx.insert(submissionItems).values(rows).returning();
}

/** A submission's items in position order. */
export async function listItemsOfSubmission(db: DbOrTx, submissionId: string): Promise<SubmissionItemRow[]> {
  return db
    .select()
    .from(submissionItems)
    .where(eq(submissionItems.submissionId, submissionId))
    .orderBy(asc(submissionItems.position));
}

/** The items of several submissions, each submission's in position order. */
export async function listItemsOfSubmissions(db: DbOrTx, submissionIds: readonly string[]): Promise<SubmissionItemRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(submissionItems)
    .where(inArray(submissionItems.submissionId, [...submissionIds]))
    .orderBy(asc(submissionItems.submissionId), asc(submissionItems.position));
}

/** The item photos of several submissions by item, in slot order (read through the submissions' index). */
export async function photoIdsByItemOfSubmissions(db: DbOrTx, submissionIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (submissionIds.length === 0) return result;
  const rows = await db
    .select({ id: submissionImages.id, itemId: submissionImages.itemId })
    .from(submissionImages)
    .where(and(inArray(submissionImages.submissionId, [...submissionIds]), eq(submissionImages.purpose, 'submission')))
    .orderBy(asc(submissionImages.position), asc(submissionImages.createdAt), asc(submissionImages.id));
  for (const row of rows) {
    if (row.itemId) result.set(row.itemId, [...(result.get(row.itemId) ?? []), row.id]);
  }
  return result;
}

/**
 * Marks `itemIds` (absent: every item still unsettled) sold or returned; an item already settled
 * keeps its outcome, which never changes.
 */
export async function settleItems(tx: DbOrTx, submissionId: string, outcome: ItemOutcome, itemIds?: readonly string[]) {
  if (itemIds?.length === 0) return;
  await tx
    .update(submissionItems)
    .set({ outcome })
    .where(
      and(
        eq(submissionItems.submissionId, submissionId),
        itemIds ? inArray(submissionItems.id, [...itemIds]) : undefined,
        isNull(submissionItems.outcome),
      ),
    );
}
