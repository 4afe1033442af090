// The appraisers' mailbox (SPEC 2 "Admin mailbox", DECISIONS "Submissions and their life"): the
// paged list and its counts, one submission in full, the offer and the workflow buttons. Every
// change is one database transaction: a conditional update (status, and version when the form
// sent one) so two appraisers cannot both win, an audit entry, and the client's notification.
// Internal notes stay here: they are never written to the audit log or a notification.
import {
  actualWeightProblem,
  ALERT_WINDOW_HOURS,
  adminMessages,
  type AdminPayout,
  type AdminPayoutStatus,
  type AdminSubmission,
  type AdminSubmissionDetail,
  type AdminSubmissionPage,
  type AdminUpdateSubmissionBody,
  canTransition,
  customerLabel,
  imageUrl,
  dollarsToCents,
  guaranteeDeadlineFrom,
  isNearingDeadline,
  isWeightUnit,
  labelInsuredValueCents,
  type KycStatus,
  requiresKyc,
  shortId,
  statusBadgeLabel,
  type SubmissionCounts,
  submissionCategories,
  transitionErrorMessage,
  validationMessages,
} from '@assay/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { hasBrokenText } from '../../lib/broken-input.ts';
import type { Actor } from '../../access/actor.ts';
import { type AuditRef, writeAuditEntry } from '../audit/audit.repository.ts';
import { appraiserHistory } from '../audit/audit.service.ts';
import { notificationContent } from '../notifications/email-templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import { latestKycRecordOfUser } from '../kyc/kyc.repository.ts';
import { createLabelInTransaction, type ShippingContext } from '../shipping-labels/shipping-labels.service.ts';
import { findShippingAddress, storedAddress } from '../users/users.address.repository.ts';
import { type SubmissionChanges, transitionSubmission } from '../submissions/submission-status.repository.ts';
import { imageIdsBySubmission } from '../submissions/submissions.repository.ts';
import { toSubmissionDto } from '../submissions/submissions.service.ts';
import { toTransactionDto } from '../transactions/transactions.service.ts';
import {
  compactCountRows,
  countPendingWithDeadlineBetween,
  findSubmission,
  findTransactionOfSubmission,
  type KeysetPosition,
  kycNotYetRequested,
  listKycRecords,
  listSubmissionsPage,
  listTransactionsWithSubmission,
  submissionIdsMatching,
  readCountBuckets,
  type SubmissionRow,
  updateSubmissionIf,
} from './admin-mailbox.repository.ts';

const HOUR_MS = 3_600_000;
/** Counter rows beyond which a counts read folds them back to one per bucket. */
export const COMPACT_AFTER_ROWS = 200;

/** Submissions an appraiser can still act on (ask for photos or ID, return). */
const OPEN_STATUSES = ['new', 'appraising', 'offered'] as const;
const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

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

export function toAdminSubmission(row: SubmissionRow, imageIds: string[], now: Date): AdminSubmission {
  return {
    ...toSubmissionDto(row, imageIds, { isAdmin: true }),
    adminNotes: row.adminNotes,
    customerLabel: customerLabel(row.userId),
    nearingDeadline: isNearingDeadline(row.guaranteeDeadline, row.status, now),
    version: row.version,
    receivedAt: iso(row.receivedAt),
    offeredAt: iso(row.offeredAt),
    consignmentRequestedAt: iso(row.consignmentRequestedAt),
  };
}

async function withImages(db: DbOrTx, row: SubmissionRow, now = new Date()) {
  const images = await imageIdsBySubmission(db, [row.id]);
  return toAdminSubmission(row, images.get(row.id) ?? [], now);
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
export async function listMailbox(db: DbOrTx, query: MailboxQuery, now = new Date()): Promise<AdminSubmissionPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const ids = query.search === undefined ? undefined : await submissionIdsMatching(db, query.search);
  if (ids?.length === 0) return { items: [], nextCursor: null };
  const rows = await listSubmissionsPage(db, { status: query.status, category: query.category, ids }, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const images = await imageIdsBySubmission(
    db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toAdminSubmission(row, images.get(row.id) ?? [], now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtExact, id: last.id }) : null,
  };
}

/**
 * The cards and tabs. Totals come from the trigger-kept counters (a sum over at most 30 rows);
 * "nearing the deadline" depends on the clock, so it is counted live over the partial index of
 * pending submissions' deadlines.
 */
export async function mailboxCounts(db: DbOrTx, now = new Date()): Promise<SubmissionCounts> {
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
    kycRequired: sum((b) => b.requiresKyc && isOpen(b.status)),
    total,
    byCategory: { all: total, ...byCategory },
  };
}

export async function getSubmissionDetail(db: DbOrTx, id: string, now = new Date()): Promise<AdminSubmissionDetail> {
  const row = await findSubmission(db, id);
  if (!row) throw notFound('Submission');
  const [item, transaction, kyc] = await Promise.all([
    withImages(db, row, now),
    findTransactionOfSubmission(db, id),
    latestKycRecordOfUser(db, row.userId),
  ]);
  // The payout's own entries (sent, bank details viewed) belong on the submission's history too.
  const refs: AuditRef[] = [{ entityType: 'submission', entityId: id }];
  if (transaction) refs.push({ entityType: 'transaction', entityId: transaction.id });
  return {
    ...item,
    auditLog: await appraiserHistory(db, refs),
    customerKyc: {
      status: kyc ? (kyc.status as KycStatus) : 'none',
      recordId: kyc?.id ?? null,
      submittedAt: iso(kyc?.createdAt ?? null),
      reviewedAt: iso(kyc?.reviewedAt ?? null),
      rejectionReason: kyc?.status === 'rejected' ? kyc.rejectionReason : null,
    },
    transaction: transaction ? toTransactionDto(transaction) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Changing. Each step runs inside the caller's transaction.

/**
 * A change that keeps the status (the notes): written only if the row still has the status and
 * version that were read; a lost race is someone else's edit. Status changes go through the gate
 * (transitionSubmission), which explains its own refusals.
 */
async function applyEdit(tx: DbOrTx, row: SubmissionRow, changes: SubmissionChanges, version?: number) {
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  const updated = await updateSubmissionIf(tx, row.id, { status: row.status, version }, changes);
  if (updated) return updated;
  if (!(await findSubmission(tx, row.id))) throw notFound('Submission');
  throw conflict(adminMessages.staleVersion);
}

async function loadForChange(tx: DbOrTx, id: string) {
  const row = await findSubmission(tx, id);
  if (!row) throw notFound('Submission');
  return row;
}

const submissionAudit = (actor: Actor, row: SubmissionRow) => ({
  actorId: actor.id,
  entityType: 'submission' as const,
  entityId: row.id,
});

/** new -> appraising: the parcel arrived; the 48-hour guarantee restarts from now. */
async function receiveIn(tx: DbOrTx, actor: Actor, row: SubmissionRow, extra: SubmissionChanges, version?: number) {
  const now = new Date();
  const guaranteeDeadline = guaranteeDeadlineFrom(now);
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'receive',
    version,
    changes: { ...extra, receivedAt: now, guaranteeDeadline },
  });
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'received',
    fromStatus: row.status,
    toStatus: 'appraising',
    changes: { guaranteeDeadline: guaranteeDeadline.toISOString() },
  });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.submissionReceived({ submissionId: row.id }),
  });
  return updated;
}

/** new | appraising | offered -> returned: the item goes back to the client. */
/** What a return needs to ship the item back: the carrier and Assay's receiving address. */
export type ReturnShipping = Pick<ShippingContext, 'carrier' | 'receivingAddress'>;

/**
 * A return label from Assay to the client, paid by Assay (the appraiser chose to send it back),
 * for an item that is with us. Null when there is nothing to ship (never received), or no address
 * or value to put on a label: the return still happens and the appraiser arranges the shipping.
 */
async function returnLabelFor(tx: DbOrTx, shipping: ReturnShipping | undefined, before: SubmissionRow, returned: SubmissionRow) {
  const withUs = before.status === 'appraising' || before.status === 'offered';
  if (!withUs || !shipping) return null;
  const address = await findShippingAddress(tx, returned.userId);
  const insuredValueCents = labelInsuredValueCents(returned.preliminaryQuoteMax, returned.finalOffer);
  if (!address || insuredValueCents === null) return null;
  return createLabelInTransaction(tx, shipping.carrier, {
    direction: 'return',
    submission: returned,
    sender: shipping.receivingAddress,
    receiver: address,
    insuredValueCents,
    freeReturn: true,
  });
}

async function returnIn(
  tx: DbOrTx,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  options: { reason?: string; version?: number; shipping?: ReturnShipping },
) {
  const updated = await transitionSubmission(tx, { id: row.id, transition: 'return', version: options.version, changes: extra });
  const label = await returnLabelFor(tx, options.shipping, row, updated);
  const changes = {
    ...(options.reason ? { reason: options.reason } : {}),
    ...(label ? { returnLabelId: label.id, trackingNumber: label.trackingNumber, carrier: label.carrier } : {}),
  };
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'returned',
    fromStatus: row.status,
    toStatus: 'returned',
    changes: Object.keys(changes).length > 0 ? changes : null,
  });
  const content =
    row.status === 'new'
      ? notificationContent.submissionClosed({ submissionId: row.id })
      : notificationContent.itemReturned({ submissionId: row.id, freeReturn: label ? true : null, trackingNumber: label?.trackingNumber });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...content,
    body: options.reason ? `${content.body} A note from our appraiser: ${options.reason}` : content.body,
  });
  return updated;
}

/** Notes are internal; an empty text clears them. */
function notesChange(notes: string | null | undefined): SubmissionChanges {
  if (notes === undefined) return {};
  return { adminNotes: notes ? notes : null };
}

/** The weighed weight is in the submission's unit, which the route's schema could not know. */
function storedWeight(weight: number, unit: string): string {
  const problem = actualWeightProblem(weight, isWeightUnit(unit) ? unit : undefined);
  if (problem) throw badRequest(problem);
  return String(weight);
}

/**
 * PUT /api/submissions/{id} (SPEC 7). With status 'offered' (or an offer without a status) it is
 * the offer: final offer, actual weight and notes, requiresKyc above $10,000, the client told.
 * 'appraising' and 'returned' do what the receive and return buttons do; 'completed' only
 * happens when a payout is recorded. Without a status only the notes change.
 */
export async function updateSubmission(
  db: Db,
  actor: Actor,
  id: string,
  body: AdminUpdateSubmissionBody,
  shipping?: ReturnShipping,
) {
  const hasOfferFields = body.finalOffer !== undefined || body.actualWeight !== undefined;
  const to = body.status ?? (hasOfferFields ? 'offered' : undefined);
  if (hasOfferFields && to !== 'offered') {
    throw badRequest('A final offer and actual weight can only be sent with status "offered".');
  }
  if (to === 'offered' && (body.finalOffer === undefined || body.actualWeight === undefined)) {
    throw badRequest(validationMessages.offerAndWeight);
  }
  const notes = notesChange(body.adminNotes);

  const updated = await db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (to === 'appraising') return receiveIn(tx, actor, row, notes, body.version);
    if (to === 'returned') return returnIn(tx, actor, row, notes, { version: body.version, shipping });
    if (to === 'completed') {
      if (body.version !== undefined && body.version !== row.version) throw conflict(adminMessages.staleVersion);
      throw conflict(
        canTransition(row.status, 'completed')
          ? 'A submission is completed when the client accepts the offer and the payout is recorded.'
          : transitionErrorMessage(row.status, 'completed'),
      );
    }
    if (to === 'offered') {
      const finalOffer = body.finalOffer!;
      const offerCents = dollarsToCents(finalOffer)!;
      const actualWeight = storedWeight(body.actualWeight!, row.weightUnit);
      const kyc = requiresKyc(offerCents, row.requiresKyc);
      const offered = await transitionSubmission(tx, {
        id: row.id,
        transition: 'offer',
        version: body.version,
        changes: { ...notes, finalOffer, actualWeight, offeredAt: new Date(), requiresKyc: kyc },
      });
      await writeAuditEntry(tx, {
        ...submissionAudit(actor, row),
        action: 'offer_submitted',
        fromStatus: row.status,
        toStatus: 'offered',
        // Never the notes: the client's timeline is read from this log.
        changes: { finalOffer, actualWeight: Number(offered.actualWeight), ...(kyc && !row.requiresKyc ? { requiresKyc: true } : {}) },
      });
      await notify(tx, {
        userId: row.userId,
        submissionId: row.id,
        email: true,
        ...notificationContent.offerReady({ submissionId: row.id, offerCents, requiresKyc: kyc }),
      });
      return offered;
    }
    if (to !== undefined) {
      // 'new' (nothing moves back to new) or the status it already has.
      throw conflict(transitionErrorMessage(row.status, to));
    }
    // Notes only: no status change, so no audit of the text and nothing for the client.
    const edited = await applyEdit(tx, row, notes, body.version);
    await writeAuditEntry(tx, { ...submissionAudit(actor, row), action: 'notes_updated', changes: { notesEdited: true } });
    return edited;
  });
  return withImages(db, updated);
}

export async function receiveSubmission(db: Db, actor: Actor, id: string) {
  const updated = await db.transaction(async (tx) => receiveIn(tx, actor, await loadForChange(tx, id), {}));
  return withImages(db, updated);
}

export async function returnSubmission(db: Db, actor: Actor, id: string, reason: string | undefined, shipping: ReturnShipping) {
  const updated = await db.transaction(async (tx) => returnIn(tx, actor, await loadForChange(tx, id), {}, { reason, shipping }));
  return withImages(db, updated);
}

function notOpen(what: string, status: string) {
  return conflict(`${what} can only be asked for while a submission is open; this one is "${statusBadgeLabel(status)}".`);
}

/** Tells the client to add photos (DECISIONS: they may, up to 4 in all). Nothing else changes. */
export async function requestPhotos(db: Db, actor: Actor, id: string, message?: string) {
  const row = await db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpen(row.status)) throw notOpen('More photos', row.status);
    await writeAuditEntry(tx, {
      ...submissionAudit(actor, row),
      action: 'photos_requested',
      changes: message ? { message } : null,
    });
    await notify(tx, {
      userId: row.userId,
      submissionId: row.id,
      email: true,
      ...notificationContent.photosRequested({ submissionId: row.id, note: message }),
    });
    return row;
  });
  return withImages(db, row);
}

/**
 * Sets requiresKyc so the payout waits for a verified identity, and tells the client. Asking
 * again while the flag is set changes nothing and sends nothing (a double-click is harmless).
 */
export async function requestIdVerification(db: Db, actor: Actor, id: string) {
  const row = await db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpen(row.status)) throw notOpen('ID verification', row.status);
    const kyc = await latestKycRecordOfUser(tx, row.userId);
    if (kyc?.status === 'approved') throw conflict("This customer's identity is already verified.");
    if (row.requiresKyc) return row;
    const updated = await updateSubmissionIf(tx, row.id, { status: row.status }, { requiresKyc: true }, [kycNotYetRequested]);
    if (!updated) {
      const current = await loadForChange(tx, id);
      if (current.requiresKyc) return current;
      throw notOpen('ID verification', current.status);
    }
    await writeAuditEntry(tx, {
      ...submissionAudit(actor, row),
      action: 'id_verification_requested',
      changes: { requiresKyc: true },
    });
    await notify(tx, {
      userId: row.userId,
      submissionId: row.id,
      email: true,
      ...notificationContent.idVerificationRequested({ submissionId: row.id }),
    });
    return updated;
  });
  return withImages(db, row);
}

// ---------------------------------------------------------------------------------------------
// Identity checks.

const KYC_LIST_LIMIT = 200;

function toAdminKycRecord(entry: Awaited<ReturnType<typeof listKycRecords>>[number]) {
  const r = entry.record;
  return {
    id: r.id,
    userId: r.userId,
    customerLabel: customerLabel(r.userId),
    status: r.status,
    fullName: r.fullName,
    dateOfBirth: r.dateOfBirth,
    idType: r.idType,
    idNumberLast4: r.idNumberLast4,
    // The kyc module keeps the uploaded image's id here (kyc.service.ts submitKyc).
    idImageUrl: r.idImageKey ? imageUrl(r.idImageKey) : null,
    reviewedBy: r.reviewedBy,
    reviewedByName: entry.reviewerName,
    reviewedAt: iso(r.reviewedAt),
    rejectionReason: r.rejectionReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Newest first, at most 200; the pending ones are the appraisers' queue. */
export async function listKyc(db: DbOrTx, status?: string) {
  const rows = await listKycRecords(db, { status }, KYC_LIST_LIMIT);
  return rows.map(toAdminKycRecord);
}

export async function getKycRecord(db: DbOrTx, id: string) {
  const [row] = await listKycRecords(db, { id }, 1);
  if (!row) throw new AppError('NOT_FOUND', 'That identity verification was not found.');
  return toAdminKycRecord(row);
}

// ---------------------------------------------------------------------------------------------
// Payouts to send (DECISIONS "Payouts": recorded as pending, an appraiser marks them sent).

/**
 * The payouts queue: pending oldest first (pay in order), sent most recently sent first; at most
 * `limit` (the query schema caps it at 100: no paging, a longer queue is a backlog to clear).
 * Each payout goes out as its client sees it (toTransactionDto: never bank numbers).
 */
export async function listPayouts(db: DbOrTx, query: { status: AdminPayoutStatus; limit: number }): Promise<AdminPayout[]> {
  const rows = await listTransactionsWithSubmission(db, query.status, query.limit);
  return rows.map(({ transaction, submission, shippingAddress }) => ({
    ...toTransactionDto(transaction),
    submission: { ...submission, shortId: shortId(submission.id) },
    customerLabel: customerLabel(transaction.userId),
    mailTo: transaction.payoutMethod === 'check' ? storedAddress(shippingAddress) : null,
  }));
}
