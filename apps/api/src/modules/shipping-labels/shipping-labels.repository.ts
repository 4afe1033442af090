import { and, desc, eq, inArray } from 'drizzle-orm';
import type { LabelDirection, ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { shippingLabels, submissions } from '../../db/schema/index.ts';

export type LabelRow = typeof shippingLabels.$inferSelect;
export type NewLabelRow = typeof shippingLabels.$inferInsert;
export type SubmissionRow = typeof submissions.$inferSelect;

/**
 * The submission with its row locked until the transaction ends, so two label requests for it
 * take turns (and a real carrier is asked for postage once, not twice).
 */
export async function lockSubmission(tx: DbOrTx, submissionId: string) {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).for('update').limit(1);
  return row ?? null;
}

export async function findSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
  return row ?? null;
}

export async function findLabel(db: DbOrTx, submissionId: string, direction: LabelDirection) {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.submissionId, submissionId), eq(shippingLabels.direction, direction)))
    .limit(1);
  return row ?? null;
}

export async function findLabelById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.id, id)).limit(1);
  return row ?? null;
}

export async function findLatestLabelOfUser(db: DbOrTx, userId: string, direction: LabelDirection) {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.userId, userId), eq(shippingLabels.direction, direction)))
    .orderBy(desc(shippingLabels.createdAt), desc(shippingLabels.id))
    .limit(1);
  return row ?? null;
}

/**
 * One label per submission and direction (unique index): a second insert does nothing and
 * answers null, and the caller reads the label that is there.
 */
export async function insertLabelIfAbsent(tx: DbOrTx, row: NewLabelRow) {
  const [created] = await tx
    .insert(shippingLabels)
    .values(row)
    .onConflictDoNothing({ target: [shippingLabels.submissionId, shippingLabels.direction] })
    .returning();
  return created ?? null;
}

/**
 * Sample inbound labels of parcels not yet received follow the client's corrected address; a
 * label valid for postage was registered with its carrier and is never rewritten.
 */
export async function updateSenderOfUnshippedSampleLabels(tx: DbOrTx, userId: string, sender: ShippingAddress) {
  const unshipped = tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.status, 'new')));
  const rows = await tx
    .update(shippingLabels)
    .set({ sender })
    .where(
      and(
        eq(shippingLabels.userId, userId),
        eq(shippingLabels.direction, 'inbound'),
        eq(shippingLabels.validForPostage, 'no'),
        inArray(shippingLabels.submissionId, unshipped),
      ),
    )
    .returning({ id: shippingLabels.id });
  return rows.length;
}
