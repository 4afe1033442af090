// The appraiser's commands on a submission (DECISIONS "Submissions and their life"): receive the
// parcel, make the offer, return the item, edit internal notes, ask for photos or for ID. Every
// command is one database transaction: a write through the status gate (or a conditional edit that
// keeps the status), an audit entry, and the client's notification. SPEC 7's PUT is a dispatcher
// over these named commands (update-command.ts says which one a body means). Internal notes stay
// here: they are never written to the audit log or a notification.
import {
  actualWeightProblem,
  adminMessages,
  type AdminUpdateSubmissionBody,
  canTransition,
  dollarsToCents,
  guaranteeDeadlineFrom,
  isOpenStatus,
  isWeightUnit,
  labelInsuredValueCents,
  requiresKyc,
  statusBadgeLabel,
  transitionErrorMessage,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { adminSubmissionOf } from '../admin-mailbox/admin-mailbox.service.ts';
import { writeAuditEntry } from '../audit/audit.repository.ts';
import { latestKycRecord } from '../kyc/kyc.service.ts';
import { notificationContent } from '../notifications/email-templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import { createLabelInTransaction } from '../shipping-labels/shipping-labels.service.ts';
import {
  kycNotYetRequested,
  type SubmissionChanges,
  type SubmissionRow,
  transitionSubmission,
  updateSubmissionIf,
} from '../submissions/submission-status.repository.ts';
import { findSubmissionRow } from '../submissions/submission-rows.ts';
import { attachIntakePhotos } from '../uploads/uploads.service.ts';
import { shippingAddressOf } from '../users/users.address.service.ts';
import { type UpdateCommand, type UpdateCommandName, updateCommandOf } from './update-command.ts';

/**
 * A change that keeps the status (the notes): written only if the row still has the status and
 * version that were read; a lost race is someone else's edit. Status changes go through the gate
 * (transitionSubmission), which explains its own refusals.
 */
async function applyEdit(tx: DbOrTx, row: SubmissionRow, changes: SubmissionChanges, version?: number) {
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  const updated = await updateSubmissionIf(tx, row.id, { status: row.status, version }, changes);
  if (updated) return updated;
  if (!(await findSubmissionRow(tx, row.id))) throw notFound('Submission');
  throw conflict(adminMessages.staleVersion);
}

async function loadForChange(tx: DbOrTx, id: string) {
  const row = await findSubmissionRow(tx, id);
  if (!row) throw notFound('Submission');
  return row;
}

const submissionAudit = (actor: Actor, row: SubmissionRow) => ({
  actorId: actor.id,
  entityType: 'submission' as const,
  entityId: row.id,
});

/**
 * new -> appraising: the parcel arrived; the 48-hour guarantee restarts from now. The appraiser's
 * intake photos (DECISIONS "Intake evidence") are attached in the same transaction and named on
 * the "received" entry, which is where the seller's timeline shows them.
 */
async function receiveIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  options: { version?: number; intakePhotoIds?: readonly string[] } = {},
) {
  const now = ctx.clock.now();
  const guaranteeDeadline = guaranteeDeadlineFrom(now);
  const intakePhotoIds = [...(options.intakePhotoIds ?? [])];
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'receive',
    version: options.version,
    changes: { ...extra, receivedAt: now, guaranteeDeadline },
  });
  await attachIntakePhotos(tx, actor, row.id, intakePhotoIds);
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'received',
    fromStatus: row.status,
    toStatus: 'appraising',
    changes: {
      guaranteeDeadline: guaranteeDeadline.toISOString(),
      ...(intakePhotoIds.length > 0 ? { intakePhotoIds } : {}),
    },
  });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.submissionReceived({ submissionId: row.id }),
  });
  return updated;
}

/**
 * A return label from Assay to the client, paid by Assay (the appraiser chose to send it back),
 * for an item that is with us. Null when there is nothing to ship (never received), or no address
 * or value to put on a label: the return still happens and the appraiser arranges the shipping.
 */
async function returnLabelFor(tx: DbOrTx, ctx: AppContext, before: SubmissionRow, returned: SubmissionRow) {
  const withUs = before.status === 'appraising' || before.status === 'offered';
  if (!withUs) return null;
  const address = await shippingAddressOf(tx, returned.userId);
  const insuredValueCents = labelInsuredValueCents(returned.preliminaryQuoteMax, returned.finalOffer);
  if (!address || insuredValueCents === null) return null;
  return createLabelInTransaction(tx, ctx.carrier, {
    direction: 'return',
    submission: returned,
    sender: ctx.config.receivingLabelAddress,
    receiver: address,
    insuredValueCents,
    freeReturn: true,
  });
}

/**
 * appraising | offered -> returning: the item Assay holds is shipped back (DECISIONS "Returning"),
 * its return label's tracking number kept on the submission until it is delivered. A submission
 * whose parcel never came (new) is closed straight to returned: there is nothing to ship.
 */
async function returnIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  options: { reason?: string; version?: number },
) {
  const transition = row.status === 'new' ? 'closeUnreceived' : 'return';
  let updated = await transitionSubmission(tx, { id: row.id, transition, version: options.version, changes: extra });
  const label = await returnLabelFor(tx, ctx, row, updated);
  if (label) {
    const tracked = await updateSubmissionIf(
      tx,
      updated.id,
      { status: updated.status, version: updated.version },
      { returnTrackingNumber: label.trackingNumber },
    );
    if (!tracked) throw conflict(adminMessages.staleVersion);
    updated = tracked;
  }
  const changes = {
    ...(options.reason ? { reason: options.reason } : {}),
    ...(label ? { returnLabelId: label.id, trackingNumber: label.trackingNumber, carrier: label.carrier } : {}),
  };
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: row.status === 'new' ? 'closed' : 'returned',
    fromStatus: row.status,
    toStatus: updated.status,
    changes: Object.keys(changes).length > 0 ? changes : null,
  });
  const content =
    row.status === 'new'
      ? notificationContent.submissionClosed({ submissionId: row.id })
      : notificationContent.itemReturned({
          submissionId: row.id,
          freeReturn: label ? true : null,
          trackingNumber: label?.trackingNumber,
        });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...content,
    body: options.reason ? `${content.body} A note from our appraiser: ${options.reason}` : content.body,
  });
  return updated;
}

/** returning -> returned: the item shipped back reached the client (an appraiser says so). */
async function markReturnDeliveredIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  version?: number,
) {
  const now = ctx.clock.now();
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'markReturnDelivered',
    version,
    changes: { ...extra, returnDeliveredAt: now },
  });
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'return_delivered',
    fromStatus: row.status,
    toStatus: 'returned',
    changes: row.returnTrackingNumber ? { trackingNumber: row.returnTrackingNumber } : null,
  });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.returnDelivered({ submissionId: row.id, trackingNumber: row.returnTrackingNumber }),
  });
  return updated;
}

/**
 * PUT status 'returned' names the target: a returning item is marked delivered, a parcel that
 * never came is closed; an item Assay still holds must go through returning (a 409 saying so).
 */
async function markReturnedIn(input: UpdateInput) {
  const { tx, ctx, actor, row, notes, version } = input;
  if (row.status === 'returning') return markReturnDeliveredIn(tx, ctx, actor, row, notes, version);
  if (row.status === 'new') return returnIn(tx, ctx, actor, row, notes, { version });
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  if (row.status === 'appraising' || row.status === 'offered') {
    throw conflict('An item we hold is returned in two steps: send it back (status "returning"), then mark it delivered.');
  }
  throw conflict(transitionErrorMessage(row.status, 'returned'));
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

/** new | appraising -> offered: the final offer, the weighed weight, the KYC flag above $10,000. */
async function offerIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  input: { finalOffer: string; actualWeight: number; notes: SubmissionChanges; version?: number },
) {
  const { finalOffer } = input;
  const offerCents = dollarsToCents(finalOffer)!;
  const actualWeight = storedWeight(input.actualWeight, row.weightUnit);
  const kyc = requiresKyc(offerCents, row.requiresKyc);
  const offered = await transitionSubmission(tx, {
    id: row.id,
    transition: 'offer',
    version: input.version,
    changes: { ...input.notes, finalOffer, actualWeight, offeredAt: ctx.clock.now(), requiresKyc: kyc },
  });
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'offer_submitted',
    fromStatus: row.status,
    toStatus: 'offered',
    // Never the notes: the client's timeline is read from this log.
    changes: {
      finalOffer,
      actualWeight: Number(offered.actualWeight),
      ...(kyc && !row.requiresKyc ? { requiresKyc: true } : {}),
    },
  });
  await notify(tx, {
    userId: row.userId,
    submissionId: row.id,
    email: true,
    ...notificationContent.offerReady({ submissionId: row.id, offerCents, requiresKyc: kyc }),
  });
  return offered;
}

/** Notes only: no status change, so no audit of the text and nothing for the client. */
async function editNotesIn(tx: DbOrTx, actor: Actor, row: SubmissionRow, notes: SubmissionChanges, version?: number) {
  const edited = await applyEdit(tx, row, notes, version);
  await writeAuditEntry(tx, { ...submissionAudit(actor, row), action: 'notes_updated', changes: { notesEdited: true } });
  return edited;
}

/** A move SPEC 7's PUT may not make: explained from the row as it is. */
function refuseMove(row: SubmissionRow, to: string, version?: number): never {
  if (version !== undefined && version !== row.version) throw conflict(adminMessages.staleVersion);
  if (to === 'completed' && canTransition(row.status, 'completed')) {
    throw conflict('A submission is completed when the client accepts the offer and the payout is recorded.');
  }
  throw conflict(transitionErrorMessage(row.status, to));
}

interface UpdateInput {
  tx: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  row: SubmissionRow;
  notes: SubmissionChanges;
  version?: number;
}

/** One handler per command name: adding a command without its handler does not compile. */
const updateHandlers: {
  [N in UpdateCommandName]: (input: UpdateInput, command: Extract<UpdateCommand, { name: N }>) => Promise<SubmissionRow>;
} = {
  offer: ({ tx, ctx, actor, row, notes, version }, c) => offerIn(tx, ctx, actor, row, { ...c, notes, version }),
  receive: ({ tx, ctx, actor, row, notes, version }, c) =>
    receiveIn(tx, ctx, actor, row, notes, { version, intakePhotoIds: c.intakePhotoIds }),
  return: ({ tx, ctx, actor, row, notes, version }) => returnIn(tx, ctx, actor, row, notes, { version }),
  markReturned: (input) => markReturnedIn(input),
  editNotes: ({ tx, actor, row, notes, version }) => editNotesIn(tx, actor, row, notes, version),
  refuseMove: async ({ row, version }, c) => refuseMove(row, c.to, version),
};

function runUpdate<N extends UpdateCommandName>(input: UpdateInput, command: Extract<UpdateCommand, { name: N }>) {
  return updateHandlers[command.name as N](input, command);
}

/**
 * PUT /api/submissions/{id} (SPEC 7): the offer, receive, return, or a notes edit, by what the
 * body means (update-command.ts). 'completed' only happens when a payout is recorded.
 */
export async function updateSubmission(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: AdminUpdateSubmissionBody & { id: string },
) {
  assertAppraiser(actor);
  const command = updateCommandOf(body);
  const notes = notesChange(body.adminNotes);
  const updated = await ctx.db.transaction(async (tx) =>
    runUpdate({ tx, ctx, actor, row: await loadForChange(tx, id), notes, version: body.version }, command),
  );
  return adminSubmissionOf(ctx.db, updated);
}

export async function receiveSubmission(
  ctx: AppContext,
  actor: Actor,
  { id, intakePhotoIds }: { id: string; intakePhotoIds?: readonly string[] },
) {
  assertAppraiser(actor);
  const updated = await ctx.db.transaction(async (tx) =>
    receiveIn(tx, ctx, actor, await loadForChange(tx, id), {}, { intakePhotoIds }),
  );
  return adminSubmissionOf(ctx.db, updated);
}

/** POST /api/admin/submissions/{id}/return-delivered: returning -> returned, the seller is told. */
export async function markReturnDelivered(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  const updated = await ctx.db.transaction(async (tx) => markReturnDeliveredIn(tx, ctx, actor, await loadForChange(tx, id), {}));
  return adminSubmissionOf(ctx.db, updated);
}

export async function returnSubmission(ctx: AppContext, actor: Actor, { id, reason }: { id: string; reason?: string }) {
  assertAppraiser(actor);
  const updated = await ctx.db.transaction(async (tx) => returnIn(tx, ctx, actor, await loadForChange(tx, id), {}, { reason }));
  return adminSubmissionOf(ctx.db, updated);
}

function notOpen(what: string, status: string) {
  return conflict(`${what} can only be asked for while a submission is open; this one is "${statusBadgeLabel(status)}".`);
}

/** Tells the client to add photos (DECISIONS: they may, up to 4 in all). Nothing else changes. */
export async function requestPhotos(ctx: AppContext, actor: Actor, { id, message }: { id: string; message?: string }) {
  assertAppraiser(actor);
  const row = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpenStatus(row.status)) throw notOpen('More photos', row.status);
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
  return adminSubmissionOf(ctx.db, row);
}

/**
 * Sets requiresKyc so the payout waits for a verified identity, and tells the client. Asking
 * again while the flag is set changes nothing and sends nothing (a double-click is harmless).
 */
export async function requestIdVerification(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  const row = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    if (!isOpenStatus(row.status)) throw notOpen('ID verification', row.status);
    const kyc = await latestKycRecord(tx, row.userId);
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
  return adminSubmissionOf(ctx.db, row);
}
