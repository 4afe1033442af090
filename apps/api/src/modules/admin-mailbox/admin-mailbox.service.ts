// The appraisers' mailbox (SPEC 2 "Admin mailbox") as a read model: the paged list and its
// counts, and one submission in full with its history. It changes nothing: the appraisal
// commands live in modules/appraisal, identity checks in modules/compliance/kyc, the payouts queue in
// modules/payouts.
import {
  ALERT_WINDOW_HOURS,
  adminMessages,
  type AdminSubmission,
  type AdminSubmissionDetail,
  type AdminSubmissionPage,
  customerLabel,
  holdViewOf,
  idRuleCaption,
  isNearingDeadline,
  isOpenStatus,
  type KycStatus,
  type ParcelState as ParcelStateDto,
  parcelStateText,
  type PriceLock,
  priceLockDto,
  awaitsIntake,
  type SubmissionCounts,
  submissionCategories,
  trackingEventText,
} from '@assay/domain';
import { inboundParcelStates, type ParcelState, parcelStateOf } from '../shipping-labels/index.ts';
import { offerHistoryOf } from '../offers/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { hasBrokenText } from '../../lib/broken-input.ts';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { appraiserHistory, type AuditRef } from '../audit/index.ts';
import { latestKycRecord } from '../compliance/index.ts';
import { priceLocksOf } from '../pricing/index.ts';
import {
  findSubmissionRow,
  itemViewsOf,
  itemViewsOfSubmissions,
  photoIdsOfSubmissions,
  toSubmissionDto,
} from '../submissions/index.ts';
import { toTransactionDto, transactionOfSubmission } from '../payouts/index.ts';
import {
  compactCountRows,
  countPendingWithDeadlineBetween,
  type KeysetPosition,
  listMailboxCards,
  submissionIdsMatching,
  readCountBuckets,
  type SubmissionRow,
} from './admin-mailbox.repository.ts';

const HOUR_MS = 3_600_000;
/** Counter rows beyond which a counts read folds them back to one per bucket. */
export const COMPACT_AFTER_ROWS = 200;

// ---------------------------------------------------------------------------------------------
// Cursors: base64url of [created_at with microseconds, id]. Opaque to the browser; anything that
// does not decode to exactly that is refused, never passed to the database.

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): KeysetPosition {
  const refuse = () => badRequest(adminMessages.badCursor);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(value) || value.length !== 2) throw refuse();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw refuse();
  // The edge rule saw only base64 here; the id inside gets the same check before a query does.
  if (typeof id !== 'string' || id.length === 0 || id.length > 128 || hasBrokenText(id)) throw refuse();
  return { createdAt, id };
}

// ---------------------------------------------------------------------------------------------
// What leaves the server.

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The mailbox's words for the carrier's newest state of the inbound parcel. */
export function parcelStateDto(state: ParcelState | undefined, submissionStatus: string): ParcelStateDto | null {
  if (!state) return null;
  return {
    status: state.status,
    label: parcelStateText(state.status, submissionStatus),
    detail: trackingEventText({ status: state.status, message: state.message, location: state.location, at: state.occurredAt }),
    at: state.occurredAt.toISOString(),
    awaitingIntake: awaitsIntake(state.status, submissionStatus),
  };
}

export function toAdminSubmission(
  row: SubmissionRow,
  imageIds: string[],
  now: Date,
  parcel: ParcelState | undefined = undefined,
  priceLock: PriceLock | undefined = undefined,
): AdminSubmission {
  // Object.assign, not a spread into a literal: with this many fields V8 built each spread object
  // the slow way, at ~40 µs a card, most of the mailbox page's CPU (bench/signed-in.bench.ts).
  return Object.assign(toSubmissionDto(row, imageIds, { isAdmin: true }), {
    adminNotes: row.adminNotes,
    customerLabel: customerLabel(row.userId),
    nearingDeadline: isNearingDeadline(row.guaranteeDeadline, row.status, now),
    version: row.version,
    receivedAt: iso(row.receivedAt),
    offeredAt: iso(row.offeredAt),
    consignmentRequestedAt: iso(row.consignmentRequestedAt),
    parcel: parcelStateDto(parcel, row.status),
    hold: holdViewOf(row.holdUntil, row.complianceRule, now),
    idRule: row.complianceRule ? idRuleCaption(row.complianceRule) : null,
    disposition: row.disposition && row.disposedAt ? { action: row.disposition, at: row.disposedAt.toISOString() } : null,
    priceLock: priceLock ? priceLockDto(priceLock) : null,
  });
}

/** One submission as the mailbox shows it (app.ts hands it to the appraisal routes, which answer with it). */
export async function adminSubmissionOf(db: DbOrTx, row: SubmissionRow, now = new Date()) {
  const [images, parcels, locks, items] = await Promise.all([
    photoIdsOfSubmissions(db, [row.id]),
    inboundParcelStates(db, [row.id]),
    priceLocksOf(db, [row.id]),
    itemViewsOf(db, row.id),
  ]);
  return Object.assign(toAdminSubmission(row, images.get(row.id) ?? [], now, parcels.get(row.id), locks.get(row.id)), { items });
}

// ---------------------------------------------------------------------------------------------
// Reading.

export interface MailboxQuery {
  status?: string;
  category?: string;
  cursor?: string;
  /** Normalised by the query schema: a short id, a whole id or a tracking number. */
  search?: string;
  limit: number;
}

/** One page, newest first; `nextCursor` continues after its last row. */
export async function listMailbox(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  query: MailboxQuery,
  now = new Date(),
): Promise<AdminSubmissionPage> {
  assertAppraiser(actor);
  const { db } = ctx;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const ids = query.search === undefined ? undefined : await submissionIdsMatching(db, query.search);
  if (ids?.length === 0) return { items: [], nextCursor: null };
  const rows = await listMailboxCards(db, { status: query.status, category: query.category, ids }, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const pageIds = page.map((row) => row.id);
  const [locks, parcelItems] = await Promise.all([priceLocksOf(db, pageIds), itemViewsOfSubmissions(db, pageIds)]);
  return {
    items: page.map((row) =>
      Object.assign(toAdminSubmission(row, row.photoIds, now, parcelStateOf(row.parcel), locks.get(row.id)), {
        items: parcelItems.get(row.id) ?? [],
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtExact, id: last.id }) : null,
  };
}

/**
 * The cards and tabs. Totals come from the trigger-kept counters (a sum over at most 30 rows);
 * "nearing the deadline" depends on the clock, so it is counted live over the partial index of
 * pending submissions' deadlines.
 */
export async function mailboxCounts(ctx: Pick<AppContext, 'db'>, actor: Actor, now = new Date()): Promise<SubmissionCounts> {
  assertAppraiser(actor);
  const { db } = ctx;
  const [buckets, nearingDeadline] = await Promise.all([
    readCountBuckets(db),
    countPendingWithDeadlineBetween(db, now, new Date(now.getTime() + ALERT_WINDOW_HOURS * HOUR_MS)),
  ]);
  // Every write appends a counter row; fold them up now and then so this stays a tiny read.
  if (buckets.reduce((rows, b) => rows + b.rows, 0) > COMPACT_AFTER_ROWS) await compactCountRows(db);
  const sum = (keep: (b: (typeof buckets)[number]) => boolean) => buckets.filter(keep).reduce((n, b) => n + Number(b.n), 0);
  const total = sum(() => true);
  const byCategory = Object.fromEntries(submissionCategories.map((c) => [c, sum((b) => b.category === c)])) as Record<
    (typeof submissionCategories)[number],
    number
  >;
  return {
    new: sum((b) => b.status === 'new'),
    nearingDeadline,
    appraising: sum((b) => b.status === 'appraising'),
    kycRequired: sum((b) => b.requiresKyc && isOpenStatus(b.status)),
    total,
    byCategory: { all: total, ...byCategory },
  };
}

export async function getSubmissionDetail(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  { id }: { id: string },
  now = new Date(),
): Promise<AdminSubmissionDetail> {
  assertAppraiser(actor);
  const { db } = ctx;
  const row = await findSubmissionRow(db, id);
  if (!row) throw notFound('Submission');
  const [item, transaction, kyc, offers, items] = await Promise.all([
    adminSubmissionOf(db, row, now),
    transactionOfSubmission(db, id),
    latestKycRecord(db, row.userId),
    offerHistoryOf(db, id, now),
    itemViewsOf(db, id),
  ]);
  // The payout's own entries (sent, bank details viewed) belong on the submission's history too.
  const refs: AuditRef[] = [{ entityType: 'submission', entityId: id }];
  if (transaction) refs.push({ entityType: 'transaction', entityId: transaction.id });
  return {
    ...item,
    items,
    auditLog: await appraiserHistory(db, refs),
    customerKyc: {
      status: kyc ? (kyc.status as KycStatus) : 'none',
      recordId: kyc?.id ?? null,
      submittedAt: iso(kyc?.createdAt ?? null),
      reviewedAt: iso(kyc?.reviewedAt ?? null),
      rejectionReason: kyc?.status === 'rejected' ? kyc.rejectionReason : null,
    },
    transaction: transaction ? toTransactionDto(transaction) : null,
    ...offers,
  };
}
