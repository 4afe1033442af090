// The offer versions of a submission and their lines (schema/offers.ts). Only this module writes
// them; other modules go through offers.service.ts.
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offerItemDecisions, offerLines, offers, submissionItems, submissions } from '../../db/schema/index.ts';

export type OfferRow = typeof offers.$inferSelect;
/** A line with the position of the item it prices (null on lines from before items). */
export type OfferLineRow = typeof offerLines.$inferSelect & { itemPosition: number | null };
/** `copiedFrom`: the stored line this one copies into the new version (its bench tests follow it). */
export type NewOfferLine = Omit<typeof offerLines.$inferInsert, 'id' | 'offerId' | 'position'> & { copiedFrom?: string | null };

/** Every version of a submission's offer, newest first. */
export function listOffersOfSubmission(db: DbOrTx, submissionId: string): Promise<OfferRow[]> {
  return db.select().from(offers).where(eq(offers.submissionId, submissionId)).orderBy(desc(offers.version));
}

/** The newest version, locked until the caller's transaction ends when `lock` is set. */
export async function findCurrentOffer(db: DbOrTx, submissionId: string, lock = false): Promise<OfferRow | null> {
  const query = db.select().from(offers).where(eq(offers.submissionId, submissionId)).orderBy(desc(offers.version)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOfferById(db: DbOrTx, id: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row ?? null;
}

export function listLinesOfOffers(db: DbOrTx, offerIds: string[]): Promise<OfferLineRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(offerLines), itemPosition: submissionItems.position })
    .from(offerLines)
    .leftJoin(submissionItems, eq(submissionItems.id, offerLines.itemId))
    .where(inArray(offerLines.offerId, offerIds))
    .orderBy(asc(offerLines.offerId), asc(offerLines.position));
}

/** Every line of every version of a submission's offer: its id, version and place (the bench's lookups). */
export function listLineRefsOfSubmission(db: DbOrTx, submissionId: string) {
  return db
    .select({ lineId: offerLines.id, offerId: offers.id, version: offers.version, position: offerLines.position })
    .from(offerLines)
    .innerJoin(offers, eq(offers.id, offerLines.offerId))
    .where(eq(offers.submissionId, submissionId))
    .orderBy(desc(offers.version), asc(offerLines.position));
}
export type OfferLineRef = Awaited<ReturnType<typeof listLineRefsOfSubmission>>[number];

export async function insertOfferVersion(
  tx: DbOrTx,
  offer: Pick<typeof offers.$inferInsert, 'submissionId' | 'version' | 'total' | 'validUntil' | 'createdBy' | 'createdAt'>,
  lines: NewOfferLine[],
): Promise<OfferRow & { copies: { from: string; to: string }[] }> {
  const id = crypto.randomUUID();
  const [row] = await tx
    .insert(offers)
    .values({ ...offer, id, status: 'open' })
    .returning();
  const rows = lines.map(({ copiedFrom, ...line }, index) => ({
    copiedFrom,
    line: { ...line, id: crypto.randomUUID(), offerId: id, position: index + 1 },
  }));
  await tx.insert(offerLines).values(rows.map((r) => r.line));
  const copies = rows.flatMap((r) => (r.copiedFrom ? [{ from: r.copiedFrom, to: r.line.id }] : []));
  return { ...row!, copies };
}

/** Moves an open version to another status; false when it was not open any more. */
export async function closeOffer(tx: DbOrTx, id: string, status: 'superseded' | 'accepted' | 'declined'): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ status })
    .where(and(eq(offers.id, id), eq(offers.status, 'open')))
    .returning({ id: offers.id });
  return rows.length > 0;
}

/** Records the seller's one counter-offer; false when the version already has one or is not open. */
export async function recordCounter(
  tx: DbOrTx,
  id: string,
  counter: { amount: number; message: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ counterAmount: counter.amount, counterMessage: counter.message, counteredAt: counter.at, counterStatus: 'open' })
    .where(and(eq(offers.id, id), eq(offers.status, 'open'), isNull(offers.counterStatus)))
    .returning({ id: offers.id });
  return rows.length > 0;
}

/** An open counter becomes 'accepted' or 'answered'; false when it was not open. */
export async function settleCounter(tx: DbOrTx, id: string, status: 'accepted' | 'answered'): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ counterStatus: status })
    .where(and(eq(offers.id, id), sql`${offers.counterStatus} = 'open'`))
    .returning({ id: offers.id });
  return rows.length > 0;
}

/**
 * The track record's rows (decision 039): per submission, its newest offer version when the seller
 * has had the last word on it or it lapsed (accepted, declined, or open past its validity), made
 * after `since`; with the submission's category, preliminary quote and floor. An open version still
 * within its validity is not final yet; a superseded one was replaced by a newer version.
 */
export function listFinalOffersSince(db: DbOrTx, since: Date, now: Date) {
  // A line prices its item; a line from before items existed prices item 1.
  const pricesItem = sql`(${offerLines.itemId} = ${submissionItems.id} or (${offerLines.itemId} is null and ${submissionItems.position} = 1))`;
  const newer = sql`exists (select 1 from ${offers} as newer where newer.submission_id = ${offers.submissionId} and newer.version > ${offers.version})`;
  return db
    .select({
      category: submissions.category,
      quoteMinCents: submissions.preliminaryQuoteMin,
      quoteMaxCents: submissions.preliminaryQuoteMax,
      offerCents: offers.total,
      // Per item (decision 042): the floors of the items this version prices, and what it pays for them.
      floorCents: sql<number | null>`(select sum(${submissionItems.guaranteeFloor}) from ${submissionItems}
        where ${submissionItems.submissionId} = ${offers.submissionId} and ${submissionItems.guaranteeFloor} is not null
        and exists (select 1 from ${offerLines} where ${offerLines.offerId} = ${offers.id} and ${pricesItem}))`.mapWith(
        submissions.guaranteeFloor,
      ),
      floorOfferCents: sql<number | null>`(select sum(${offerLines.amount}) from ${offerLines} join ${submissionItems}
        on ${submissionItems.submissionId} = ${offers.submissionId} and ${pricesItem}
        where ${offerLines.offerId} = ${offers.id} and ${submissionItems.guaranteeFloor} is not null)`.mapWith(offers.total),
      offeredAt: offers.createdAt,
    })
    .from(offers)
    .innerJoin(submissions, eq(submissions.id, offers.submissionId))
    .where(
      and(
        gt(offers.createdAt, since),
        lte(offers.createdAt, now),
        or(inArray(offers.status, ['accepted', 'declined']), and(eq(offers.status, 'open'), lte(offers.validUntil, now))),
        sql`not ${newer}`,
      ),
    );
}

export type OfferItemDecisionRow = typeof offerItemDecisions.$inferSelect;

/** The item-by-item choices of a counter on one version. */
export async function insertItemDecisions(tx: DbOrTx, rows: OfferItemDecisionRow[]) {
  if (rows.length > 0) await tx.insert(offerItemDecisions).values(rows);
}

/** The item-by-item choices of each version's counter, with the items' positions. */
export function listItemDecisionsOfOffers(db: DbOrTx, offerIds: string[]) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(offerItemDecisions), position: submissionItems.position })
    .from(offerItemDecisions)
    .innerJoin(submissionItems, eq(submissionItems.id, offerItemDecisions.itemId))
    .where(inArray(offerItemDecisions.offerId, offerIds))
    .orderBy(asc(offerItemDecisions.offerId), asc(submissionItems.position));
}
