import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { LabelDirection, ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { shippingLabels, submissions } from '../../db/schema/index.ts';
import { personalDataContext, sealAddress } from '../../lib/personal-data.ts';

export type LabelRow = typeof shippingLabels.$inferSelect;
export type NewLabelRow = typeof shippingLabels.$inferInsert;

/** The submission's label in this direction: its first parcel's when the worth ships in several. */
export async function findLabel(db: DbOrTx, submissionId: string, direction: LabelDirection) {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.submissionId, submissionId), eq(shippingLabels.direction, direction)))
    .orderBy(asc(shippingLabels.parcelNumber))
    .limit(1);
  return row ?? null;
}

/** How many labels the submission has in this direction: its parcels ("Parcel 2 of 3"). */
export async function countLabels(db: DbOrTx, submissionId: string, direction: LabelDirection) {
  const [row] = await db
    .select({ n: count() })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.submissionId, submissionId), eq(shippingLabels.direction, direction)));
  return row?.n ?? 0;
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

export function listLabelsOfSubmission(db: DbOrTx, submissionId: string) {
  return db
    .select({
      id: shippingLabels.id,
      trackingNumber: shippingLabels.trackingNumber,
      direction: shippingLabels.direction,
      freeReturn: shippingLabels.freeReturn,
      parcelNumber: shippingLabels.parcelNumber,
      insuredValue: shippingLabels.insuredValue,
    })
    .from(shippingLabels)
    .where(eq(shippingLabels.submissionId, submissionId))
    .orderBy(asc(shippingLabels.createdAt), asc(shippingLabels.parcelNumber));
}

/**
 * One label per submission, direction and parcel (unique index): a second insert does nothing and
 * answers null, and the caller reads the label that is there.
 */
export async function insertLabelIfAbsent(tx: DbOrTx, row: NewLabelRow) {
  const [created] = await tx
    .insert(shippingLabels)
    .values(row)
    .onConflictDoNothing({ target: [shippingLabels.submissionId, shippingLabels.direction, shippingLabels.parcelNumber] })
    .returning();
  return created ?? null;
}

/**
 * The sample inbound labels of the client's parcels not yet received (status new), locked until the
 * caller's transaction ends: the labels that follow a corrected address. A label valid for postage
 * was registered with its carrier and is never among them.
 */
export function lockUnshippedSampleLabels(tx: DbOrTx, userId: string) {
  const unshipped = tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.status, 'new')));
  return tx
    .select({ id: shippingLabels.id, sender: shippingLabels.sender, encryptedSenderStreet: shippingLabels.encryptedSenderStreet })
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.userId, userId),
        eq(shippingLabels.direction, 'inbound'),
        eq(shippingLabels.validForPostage, 'no'),
        inArray(shippingLabels.submissionId, unshipped),
      ),
    )
    .orderBy(asc(shippingLabels.id))
    .for('update');
}

/** A label's sender, its street sealed to the label's own row. */
export async function setLabelSender(tx: DbOrTx, encryptionKey: string, labelId: string, sender: ShippingAddress) {
  const sealed = sealAddress(encryptionKey, sender, personalDataContext.labelSenderStreet(labelId));
  await tx
    .update(shippingLabels)
    .set({ sender: sealed.address, encryptedSenderStreet: sealed.encryptedStreet })
    .where(eq(shippingLabels.id, labelId));
}

export async function setLabelImageKey(db: DbOrTx, id: string, key: string) {
  await db.update(shippingLabels).set({ labelImageKey: key }).where(eq(shippingLabels.id, id));
}

/** Locked until the caller's transaction ends, so two tracking events of one parcel take turns. */
export async function lockLabelByTrackingNumber(tx: DbOrTx, trackingNumber: string) {
  const [row] = await tx.select().from(shippingLabels).where(eq(shippingLabels.trackingNumber, trackingNumber)).for('update');
  return row ?? null;
}
