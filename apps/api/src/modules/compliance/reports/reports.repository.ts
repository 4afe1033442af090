// The reads behind the compliance exports: a day's purchases with what a police report names, and
// one seller's whole file. Read only, like the mailbox's read model; nothing here writes.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  itemTests,
  kycRecords,
  offerLines,
  offers,
  shippingLabels,
  itemLocations,
  submissionImages,
  submissionItems,
  submissions,
  transactions,
  users,
} from '../../../db/schema/index.ts';

/**
 * The payouts created in [from, to) that are an accepted offer, a purchase. Oldest first. A declined
 * offer's goodwill payout (gross 0, decision 036) bought nothing and is left out.
 */
export function purchasesBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ transaction: transactions, submission: submissions, user: users })
    .from(transactions)
    .innerJoin(submissions, eq(submissions.id, transactions.submissionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(gte(transactions.createdAt, from), lt(transactions.createdAt, to), gt(transactions.grossAmount, 0)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

/** Every identity check of these people, newest first. */
export function kycRecordsOf(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(kycRecords)
    .where(inArray(kycRecords.userId, [...userIds]))
    .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id));
}

/** The offer versions of these submissions with their lines, in version and line order. */
export async function offersOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  const versions = await db
    .select()
    .from(offers)
    .where(inArray(offers.submissionId, [...submissionIds]))
    .orderBy(asc(offers.submissionId), asc(offers.version));
  const lines = versions.length
    ? await db
        .select()
        .from(offerLines)
        .where(
          inArray(
            offerLines.offerId,
            versions.map((v) => v.id),
          ),
        )
        .orderBy(asc(offerLines.offerId), asc(offerLines.position))
    : [];
  return versions.map((offer) => ({ offer, lines: lines.filter((line) => line.offerId === offer.id) }));
}

/** The item and intake photos of these submissions (never an ID photo), in their order. */
export function itemPhotosOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: submissionImages.id,
      submissionId: submissionImages.submissionId,
      itemId: submissionImages.itemId,
      purpose: submissionImages.purpose,
    })
    .from(submissionImages)
    .where(
      and(
        inArray(submissionImages.submissionId, [...submissionIds]),
        isNotNull(submissionImages.submissionId),
        ne(submissionImages.purpose, 'kyc'),
        eq(submissionImages.status, 'stored'),
      ),
    )
    .orderBy(asc(submissionImages.purpose), asc(submissionImages.position), asc(submissionImages.createdAt));
}

/**
 * The bench photos of these submissions' items: each test's photo of the item on the scale, with the
 * item its line prices. A test copied into a newer version names the same photo, hence distinct.
 */
export function benchPhotosOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ imageId: submissionImages.id, itemId: offerLines.itemId })
    .from(itemTests)
    .innerJoin(offerLines, eq(offerLines.id, itemTests.offerLineId))
    .innerJoin(offers, eq(offers.id, offerLines.offerId))
    .innerJoin(submissionImages, eq(submissionImages.id, itemTests.photoImageId))
    .where(and(inArray(offers.submissionId, [...submissionIds]), eq(submissionImages.status, 'stored')));
}

/** The items of these submissions (in position order) with their custody tag, when received. */
export function itemsOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ item: submissionItems, tag: itemLocations.tag })
    .from(submissionItems)
    .leftJoin(itemLocations, eq(itemLocations.itemId, submissionItems.id))
    .where(inArray(submissionItems.submissionId, [...submissionIds]))
    .orderBy(asc(submissionItems.submissionId), asc(submissionItems.position));
}

/** The shipping labels of these submissions: the inbound one names where the parcel came from. */
export function labelsOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: shippingLabels.id,
      submissionId: shippingLabels.submissionId,
      direction: shippingLabels.direction,
      trackingNumber: shippingLabels.trackingNumber,
      carrier: shippingLabels.carrier,
      sender: shippingLabels.sender,
      encryptedSenderStreet: shippingLabels.encryptedSenderStreet,
      receiver: shippingLabels.receiver,
      encryptedReceiverStreet: shippingLabels.encryptedReceiverStreet,
      createdAt: shippingLabels.createdAt,
    })
    .from(shippingLabels)
    .where(inArray(shippingLabels.submissionId, [...submissionIds]))
    .orderBy(asc(shippingLabels.createdAt));
}

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export function submissionsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
}

export function payoutsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}
