// The records an erase reads and clears. Only columns that name or locate a person change; amounts,
// dates, statuses, ledger lines and audit entries are never written here.
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  checks,
  kycRecords,
  sellerStatements,
  shippingLabels,
  submissionImages,
  submissions,
  transactions,
  users,
} from '../../db/schema/index.ts';

const FINISHED = ['completed', 'returned'] as const;

/** What the retention rule needs of a submission, with its seller's name. */
const factsColumns = {
  id: submissions.id,
  userId: submissions.userId,
  sellerName: users.name,
  status: submissions.status,
  returnDeliveredAt: submissions.returnDeliveredAt,
  complianceRule: submissions.complianceRule,
  erasedAt: submissions.personalDataErasedAt,
  // A payout's status_changed_at is when it became 'paid' while it stays paid (tax-reporting reads it so too).
  paidAt: sql<Date | null>`case when ${transactions.status} = 'paid' then ${transactions.statusChangedAt} end`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
};

export type SubmissionFacts = Awaited<ReturnType<typeof finishedNotErased>>[number];

function factsQuery(db: DbOrTx) {
  return db
    .select(factsColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(transactions, eq(transactions.submissionId, submissions.id));
}

/** Finished submissions whose personal data is still there: the candidates for the list. */
export function finishedNotErased(db: DbOrTx) {
  return factsQuery(db).where(and(inArray(submissions.status, [...FINISHED]), isNull(submissions.personalDataErasedAt)));
}

export function factsOf(db: DbOrTx, submissionIds: readonly string[]) {
  return factsQuery(db).where(inArray(submissions.id, [...submissionIds]));
}

/** Every submission of these sellers: an ID check stays while one of them is not past its period. */
export function factsOfSellers(db: DbOrTx, userIds: readonly string[]) {
  return factsQuery(db).where(inArray(submissions.userId, [...userIds]));
}

/** Locks the submission for its erase: two admins erasing it at once take turns, the second finds it done. */
export async function lockSubmission(tx: DbOrTx, submissionId: string) {
  const [row] = await tx
    .select({ id: submissions.id, erasedAt: submissions.personalDataErasedAt })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  return row ?? null;
}

const count = sql<number>`count(*)`.mapWith(Number);

/** How many personal records the submission still holds, per kind (the list's "would erase"). */
export async function personalRecordCounts(db: DbOrTx, submissionId: string) {
  const [photos] = await db.select({ n: count }).from(submissionImages).where(eq(submissionImages.submissionId, submissionId));
  const [labels] = await db
    .select({ n: count })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.submissionId, submissionId), labelHoldsPersonalData));
  const [checkRows] = await db
    .select({ n: count })
    .from(checks)
    .innerJoin(transactions, eq(transactions.id, checks.transactionId))
    .where(and(eq(transactions.submissionId, submissionId), isNotNull(checks.encryptedMailingStreet)));
  const [bank] = await db
    .select({ n: count })
    .from(transactions)
    .where(and(eq(transactions.submissionId, submissionId), isNotNull(transactions.encryptedBankDetails)));
  const [statements] = await db
    .select({ n: count })
    .from(sellerStatements)
    .where(
      and(
        eq(sellerStatements.submissionId, submissionId),
        or(isNotNull(sellerStatements.encryptedIp), isNotNull(sellerStatements.userAgent)),
      ),
    );
  return {
    photos: photos?.n ?? 0,
    labelAddresses: labels?.n ?? 0,
    checkAddresses: checkRows?.n ?? 0,
    bankDetails: bank?.n ?? 0,
    statementIps: statements?.n ?? 0,
  };
}

export async function idChecksOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count }).from(kycRecords).where(eq(kycRecords.userId, userId));
  return row?.n ?? 0;
}

const labelHoldsPersonalData = or(
  isNotNull(shippingLabels.encryptedSenderStreet),
  isNotNull(shippingLabels.encryptedReceiverStreet),
  isNotNull(shippingLabels.labelImageKey),
);

/** The seller's and intake photos of the submission: rows deleted, their stored keys answered for removal. */
export async function deletePhotos(tx: DbOrTx, submissionId: string) {
  const rows = await tx
    .delete(submissionImages)
    .where(eq(submissionImages.submissionId, submissionId))
    .returning({ key: submissionImages.storageKey, thumb: submissionImages.thumbnailKey });
  return { count: rows.length, keys: rows.flatMap((row) => (row.thumb ? [row.key, row.thumb] : [row.key])) };
}

/**
 * The labels' sealed street lines and phones, and the carrier's label image (it prints the address).
 * The seller's side (the sender of an inbound label, the receiver of a return) keeps its state only:
 * name, city and ZIP go too. Answers the label images' keys for removal.
 */
export async function eraseLabelAddresses(tx: DbOrTx, submissionId: string) {
  const rows = await tx
    .select({ id: shippingLabels.id, imageKey: shippingLabels.labelImageKey })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.submissionId, submissionId), labelHoldsPersonalData));
  if (rows.length === 0) return { count: 0, keys: [] as string[] };
  const stateOnly = (column: typeof shippingLabels.sender | typeof shippingLabels.receiver) =>
    sql`jsonb_build_object('name', '', 'city', '', 'state', ${column}->>'state', 'postalCode', '')`;
  await tx
    .update(shippingLabels)
    .set({
      encryptedSenderStreet: null,
      encryptedReceiverStreet: null,
      labelImageKey: null,
      labelUrl: null,
      sender: sql`case when ${shippingLabels.direction} = 'inbound' then ${stateOnly(shippingLabels.sender)} else ${shippingLabels.sender} end`,
      receiver: sql`case when ${shippingLabels.direction} = 'return' then ${stateOnly(shippingLabels.receiver)} else ${shippingLabels.receiver} end`,
    })
    .where(
      inArray(
        shippingLabels.id,
        rows.map((row) => row.id),
      ),
    );
  return { count: rows.length, keys: rows.flatMap((row) => (row.imageKey ? [row.imageKey] : [])) };
}

/** The mailing street of the checks that paid it; the payee and amount stay in the check register. */
export async function eraseCheckAddresses(tx: DbOrTx, submissionId: string): Promise<number> {
  const rows = await tx
    .update(checks)
    .set({ encryptedMailingStreet: null })
    .where(
      and(
        isNotNull(checks.encryptedMailingStreet),
        inArray(
          checks.transactionId,
          tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.submissionId, submissionId)),
        ),
      ),
    )
    .returning({ id: checks.id });
  return rows.length;
}

export async function eraseBankDetails(tx: DbOrTx, submissionId: string): Promise<number> {
  const rows = await tx
    .update(transactions)
    .set({ encryptedBankDetails: null })
    .where(and(eq(transactions.submissionId, submissionId), isNotNull(transactions.encryptedBankDetails)))
    .returning({ id: transactions.id });
  return rows.length;
}

/** The statement's sealed IP and its browser string; the signed text, name and time stay. */
export async function eraseStatementIps(tx: DbOrTx, submissionId: string): Promise<number> {
  const rows = await tx
    .update(sellerStatements)
    .set({ encryptedIp: null, userAgent: null })
    .where(
      and(
        eq(sellerStatements.submissionId, submissionId),
        or(isNotNull(sellerStatements.encryptedIp), isNotNull(sellerStatements.userAgent)),
      ),
    )
    .returning({ id: sellerStatements.id });
  return rows.length;
}

/** The seller's ID checks and the photos of their documents; answers how many and the stored keys. */
export async function deleteIdChecks(tx: DbOrTx, userId: string) {
  const rows = await tx.delete(kycRecords).where(eq(kycRecords.userId, userId)).returning({ imageId: kycRecords.idImageKey });
  const imageIds = rows.flatMap((row) => (row.imageId ? [row.imageId] : []));
  const images = imageIds.length
    ? await tx
        .delete(submissionImages)
        .where(inArray(submissionImages.id, imageIds))
        .returning({ key: submissionImages.storageKey, thumb: submissionImages.thumbnailKey })
    : [];
  return { count: rows.length, keys: images.flatMap((row) => (row.thumb ? [row.key, row.thumb] : [row.key])) };
}

export async function markErased(tx: DbOrTx, submissionId: string, at: Date): Promise<void> {
  await tx.update(submissions).set({ personalDataErasedAt: at }).where(eq(submissions.id, submissionId));
}
