import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { offers, submissionImages, submissions, type SubmissionRow } from '../../db/schema/index.ts';

// The one submission row type, the schema's (issue 26): re-exported where its readers find it.
export type { SubmissionRow };
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

const q = qualified;

/**
 * A select column: the submission row's item photo ids in slot order (never ID-document photos),
 * the same order imageIdsBySubmission gives. JSON rather than a Postgres array: JSON.parse reads it
 * natively, where the driver's array parser walks it character by character in JavaScript.
 */
export const photoIdsOfRow = sql<string[]>`coalesce((
  select json_agg(${q(submissionImages.id)} order by ${q(submissionImages.position)}, ${q(submissionImages.createdAt)}, ${q(submissionImages.id)})
  from ${submissionImages}
  where ${q(submissionImages.submissionId)} = ${q(submissions.id)} and ${q(submissionImages.purpose)} = 'submission'
), '[]'::json)`;

/**
 * The open offer's deadline; the newest open version's, should there ever be two. Looked for only
 * on an offered submission, the only one whose answer shows it (toSubmissionDto): the other rows
 * of a list skip the subquery.
 */
const openOfferValidUntil = sql<Date | null>`case when ${q(submissions.status)} = 'offered' then (
  select ${q(offers.validUntil)} from ${offers}
  where ${q(offers.submissionId)} = ${q(submissions.id)} and ${q(offers.status)} = 'open'
  order by ${q(offers.version)} desc limit 1
) end`.mapWith(offers.validUntil);

/** The columns a submission's answer shows (toSubmissionDto): the list reads no others. */
export const dtoColumns = {
  id: submissions.id,
  userId: submissions.userId,
  category: submissions.category,
  description: submissions.description,
  estimatedWeight: submissions.estimatedWeight,
  weightUnit: submissions.weightUnit,
  preliminaryQuoteMin: submissions.preliminaryQuoteMin,
  preliminaryQuoteMax: submissions.preliminaryQuoteMax,
  material: submissions.material,
  quoteBasis: submissions.quoteBasis,
  insuredValue: submissions.insuredValue,
  declaredValue: submissions.declaredValue,
  guaranteeFloor: submissions.guaranteeFloor,
  guaranteeGoodwill: submissions.guaranteeGoodwill,
  reserve: submissions.reserve,
  reservePayout: submissions.reservePayout,
  reserveMetAt: submissions.reserveMetAt,
  finalOffer: submissions.finalOffer,
  actualWeight: submissions.actualWeight,
  status: submissions.status,
  guaranteeDeadline: submissions.guaranteeDeadline,
  requiresKyc: submissions.requiresKyc,
  createdAt: submissions.createdAt,
  returnTrackingNumber: submissions.returnTrackingNumber,
  returnDeliveredAt: submissions.returnDeliveredAt,
  adminNotes: submissions.adminNotes,
};

export type SubmissionDtoSource = Pick<SubmissionRow, keyof typeof dtoColumns>;

const listColumns = { ...dtoColumns, photoIds: photoIdsOfRow, offerValidUntil: openOfferValidUntil };

// 'nulls last' matches how drizzle-kit wrote submissions_user_created_idx, so the index is used.
const newestFirst = [sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`];

/**
 * The list a seller (or an appraiser) sees: each submission with its photos and open offer's
 * deadline in one statement, prepared once per database, so the hottest signed-in read is one
 * round trip whose SQL is never built again.
 */
function prepareSubmissionLists(db: Db) {
  return {
    ofUser: db
      .select(listColumns)
      .from(submissions)
      .where(eq(submissions.userId, sql.placeholder('userId')))
      .orderBy(...newestFirst)
      .prepare('assay_submissions_of_user'),
    latest: db
      .select(listColumns)
      .from(submissions)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare('assay_latest_submissions'),
  };
}

const preparedLists = new WeakMap<Db, ReturnType<typeof prepareSubmissionLists>>();

function submissionLists(db: Db) {
  let lists = preparedLists.get(db);
  if (!lists) {
    lists = prepareSubmissionLists(db);
    preparedLists.set(db, lists);
  }
  return lists;
}

export type ListedSubmissionRow = SubmissionDtoSource & { photoIds: string[]; offerValidUntil: Date | null };

export function listSubmissionsOfUser(db: Db, userId: string): Promise<ListedSubmissionRow[]> {
  return submissionLists(db).ofUser.execute({ userId });
}

export function listLatestSubmissions(db: Db, limit: number): Promise<ListedSubmissionRow[]> {
  return submissionLists(db).latest.execute({ limit });
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
  attach: { imageId: string; ownerId: string; submissionId: string; position: number; itemId?: string | null },
) {
  const rows = await tx
    .update(submissionImages)
    .set({ submissionId: attach.submissionId, position: attach.position, itemId: attach.itemId ?? null })
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
