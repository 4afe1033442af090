// The admin mailbox's queries. The list pages by keyset on (created_at desc, id desc) so a page
// deep in a million rows costs the same as the first one; every filter matches an index of
// db/schema/submissions.ts. Counts read the trigger-maintained submission_counts (<= 30 rows).
import { and, eq, getTableColumns, inArray, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shippingLabels, submissionCounts, submissions, type SubmissionRow } from '../../db/schema/index.ts';
import { inboundParcelColumn } from '../shipping-labels/index.ts';
import { photoIdsColumn } from '../submissions/index.ts';

// The one submission row type, the schema's (issue 26): re-exported where its readers find it.
export type { SubmissionRow };

export interface PageFilter {
  status?: string;
  category?: string;
  /** Only these submissions (a search's matches). */
  ids?: string[];
}

/** A position in the list: the created_at of the last row, with microseconds, and its id. */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

/**
 * created_at as text with all six fractional digits. A JavaScript Date keeps milliseconds only,
 * and a cursor that lost the microseconds would skip or repeat rows created in the same ms.
 */
const createdAtExact = sql<string>`to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const pageColumns = { ...getTableColumns(submissions), createdAtExact };

/** What a card shows beyond the row: its photos and its inbound parcel's newest state. */
const cardColumns = { ...pageColumns, photoIds: photoIdsColumn, parcel: inboundParcelColumn };

function pageConditions(
  filter: { status?: unknown; category?: unknown; ids?: string[] },
  after: { createdAt: unknown; id: unknown } | null,
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(sql`${submissions.status} = ${filter.status}`);
  if (filter.category !== undefined) conditions.push(sql`${submissions.category} = ${filter.category}`);
  if (filter.ids) conditions.push(inArray(submissions.id, filter.ids));
  if (after) {
    conditions.push(sql`(${submissions.createdAt}, ${submissions.id}) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  return conditions;
}

// NULLS LAST exactly as drizzle-kit wrote the indexes (`.desc()` is DESC NULLS LAST); a bare DESC
// means NULLS FIRST, which those indexes cannot serve, and Postgres would sort the table.
const newestFirst = [sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`];

/**
 * A page of cards, newest first, after `after` when given; `limit` rows at most. With a status
 * filter the planner walks submissions_status_created_idx, with a category filter
 * submissions_category_created_idx, with neither submissions_created_idx (index conditions
 * `status = $1 AND ROW(created_at, id) < ROW($2, $3)`), and stops after `limit` rows: the
 * 500,000th row costs what the first does (test/admin-mailbox/admin-counters.test.ts checks the plans).
 */
export function mailboxCardsQuery(db: DbOrTx, filter: PageFilter, after: KeysetPosition | null, limit: number) {
  return cardsQuery(db, pageConditions(filter, after), limit);
}

function cardsQuery(db: DbOrTx, conditions: SQL[], limit: number | Placeholder) {
  return db
    .select(cardColumns)
    .from(submissions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...newestFirst)
    .limit(limit as number);
}

/**
 * The cards of a page in one statement (the page's rows with each one's photos and parcel state).
 * Without a search, each shape of filter (status or not, category or not, first page or after a
 * cursor) is prepared once per database with placeholders, so the appraisers' most frequent read
 * is one round trip whose SQL is never built again; a search's id list is built each time.
 */
export function listMailboxCards(db: Db, filter: PageFilter, after: KeysetPosition | null, limit: number) {
  if (filter.ids) return mailboxCardsQuery(db, filter, after, limit);
  const shape = `${filter.status ? 's' : '-'}${filter.category ? 'c' : '-'}${after ? 'a' : '-'}`;
  let statements = preparedPages.get(db);
  if (!statements) {
    statements = new Map();
    preparedPages.set(db, statements);
  }
  let statement = statements.get(shape);
  if (!statement) {
    const conditions = pageConditions(
      {
        status: filter.status ? sql.placeholder('status') : undefined,
        category: filter.category ? sql.placeholder('category') : undefined,
      },
      after ? { createdAt: sql.placeholder('afterCreatedAt'), id: sql.placeholder('afterId') } : null,
    );
    statement = cardsQuery(db, conditions, sql.placeholder('limit')).prepare(`assay_mailbox_page_${shape}`);
    statements.set(shape, statement);
  }
  return statement.execute({
    status: filter.status,
    category: filter.category,
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
    limit,
  });
}

type PreparedPage = ReturnType<ReturnType<typeof cardsQuery>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * The submissions a mailbox search names: by the short id on the card and label (its last 8
 * characters, submissions_short_id_idx), by the whole id, or by a label's tracking number (unique
 * index). Two index lookups, so a search costs the same at any size.
 */
const SHORT_ID_LENGTH = 8;

/** The submission lookup of a search (its own function so the tests can read its plan). */
export function submissionsByShortOrWholeId(db: DbOrTx, search: string) {
  const byShortId = sql`lower(right(${submissions.id}, 8)) = ${search.toLowerCase()}`;
  return db
    .select({ id: submissions.id })
    .from(submissions)
    .where(search.length === SHORT_ID_LENGTH ? or(byShortId, eq(submissions.id, search)) : eq(submissions.id, search));
}

export async function submissionIdsMatching(db: DbOrTx, search: string): Promise<string[]> {
  const [byId, byLabel] = await Promise.all([
    submissionsByShortOrWholeId(db, search),
    db
      .select({ id: shippingLabels.submissionId })
      .from(shippingLabels)
      .where(eq(shippingLabels.trackingNumber, search.toUpperCase())),
  ]);
  return [...new Set([...byId, ...byLabel].map((row) => row.id))];
}

/**
 * Totals per (status, category, requires_kyc) bucket from the trigger-kept counter rows, and how
 * many rows they took (30 at most right after compaction, plus one per write since).
 */
export function readCountBuckets(db: DbOrTx) {
  return db
    .select({
      status: submissionCounts.status,
      category: submissionCounts.category,
      requiresKyc: submissionCounts.requiresKyc,
      n: sql<number>`coalesce(sum(${submissionCounts.n}), 0)::bigint`.mapWith(Number),
      rows: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(submissionCounts)
    .groupBy(submissionCounts.status, submissionCounts.category, submissionCounts.requiresKyc);
}

/** Folds the counter rows into one per bucket (migration 0003); skips when another is at it. */
export async function compactCountRows(db: DbOrTx) {
  await db.execute(sql`select submission_counts_compact()`);
}

/**
 * Pending submissions whose guarantee deadline falls in (from, to]. The status list is literal
 * SQL so the planner can match the partial index submissions_pending_deadline_idx.
 */
export function pendingDeadlineCountQuery(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(
      and(
        sql`${submissions.status} in ('new', 'appraising')`,
        sql`${submissions.guaranteeDeadline} > ${from.toISOString()}::timestamptz`,
        sql`${submissions.guaranteeDeadline} <= ${to.toISOString()}::timestamptz`,
      ),
    );
}

export async function countPendingWithDeadlineBetween(db: DbOrTx, from: Date, to: Date) {
  const [row] = await pendingDeadlineCountQuery(db, from, to);
  return row?.n ?? 0;
}
