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
  centsToDecimalString,
  type CheckedOfferLine,
  checkOfferLines,
  COUNTER_ACCEPTED_LINE,
  formatOfferDeadline,
  itemTypes,
  type ItemType,
  lineReferencePrice,
  MAX_LINE_DESCRIPTION_LENGTH,
  offerChangeSummary,
  type OfferLineBody,
  proposedLineAmountCents,
  totalWeightIn,
  type WeightUnit,
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
import { adminSubmissionOf } from '../admin-mailbox/index.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { complianceAtReceipt, latestKycRecord } from '../compliance/index.ts';
import { notificationContent, notify, offerNotificationContent } from '../notifications/index.ts';
import { comparableLines, currentOfferOf, linesOfOffer, type NewOfferLine, recordOfferVersion } from '../offers/index.ts';
import { currentPayoutRates } from '../payout-rates/index.ts';
import { createLabelInTransaction } from '../shipping-labels/index.ts';
import {
  findSubmissionRow,
  kycNotYetRequested,
  lockSubmissionRow,
  type SubmissionChanges,
  type SubmissionRow,
  transitionSubmission,
  updateSubmissionIf,
} from '../submissions/index.ts';
import { attachIntakePhotos } from '../uploads/index.ts';
import { shippingAddressOf } from '../users/index.ts';
import { type UpdateCommand, type UpdateCommandName, updateCommandOf } from './update-command.ts';
import { checkedCents, decimalOrNull } from '../../lib/amounts.ts';

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

/**
 * The submission row, locked for the rest of the transaction: every transaction that changes a
 * submission or the rows that hang off it (offers, payouts) locks the submission first, so two of
 * them queue up on it instead of each holding what the other waits for (decision 024).
 */
async function loadForChange(tx: DbOrTx, id: string) {
  const row = await lockSubmissionRow(tx, id);
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
  // DECISIONS "Compliance": the rule is fixed the day the parcel arrives, with the hold it starts.
  const compliance = await complianceAtReceipt(tx, ctx.config, row.userId, now);
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'receive',
    version: options.version,
    changes: { ...extra, receivedAt: now, guaranteeDeadline, ...compliance },
  });
  await attachIntakePhotos(tx, actor, row.id, intakePhotoIds);
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: 'received',
    fromStatus: row.status,
    toStatus: 'appraising',
    changes: {
      guaranteeDeadline: guaranteeDeadline.toISOString(),
      rulesVersion: compliance.complianceRule.rulesVersion,
      ruleCodes: [...compliance.complianceRule.codes],
      holdUntil: compliance.holdUntil.toISOString(),
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
  const address = await shippingAddressOf(tx, ctx.keys.decryptionKeys, returned.userId);
  const insuredValueCents = labelInsuredValueCents(
    decimalOrNull(returned.preliminaryQuoteMax),
    decimalOrNull(returned.finalOffer),
    ctx.config.insuredLimitCents,
  );
  if (!address || insuredValueCents === null) return null;
  return createLabelInTransaction(
    tx,
    ctx.carrier,
    ctx.keys.encryptionKey,
    {
      direction: 'return',
      submission: returned,
      sender: ctx.config.receivingLabelAddress,
      receiver: address,
      insuredValueCents,
      freeReturn: true,
    },
    ctx.storage,
  );
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

/**
 * returning -> returned: the item shipped back reached the client. An appraiser says so (actorId),
 * or the carrier's tracking does (actorId null, from the webhook inbox's job); the same entry and
 * message either way.
 */
export async function recordReturnDelivered(
  tx: DbOrTx,
  at: Date,
  actorId: string | null,
  row: SubmissionRow,
  extra: SubmissionChanges = {},
  version?: number,
) {
  const updated = await transitionSubmission(tx, {
    id: row.id,
    transition: 'markReturnDelivered',
    version,
    changes: { ...extra, returnDeliveredAt: at },
  });
  await writeAuditEntry(tx, {
    actorId,
    entityType: 'submission',
    entityId: row.id,
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

function markReturnDeliveredIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  extra: SubmissionChanges,
  version?: number,
) {
  return recordReturnDelivered(tx, ctx.clock.now(), actor.id, row, extra, version);
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

/** How a new offer version came to be: it picks the audit entry and the seller's words. */
type OfferOrigin = 'offer' | 'reissued' | 'counter_accepted';

interface OfferVersionInput {
  totalCents: number;
  lines: NewOfferLine[];
  /** The weighed weight in the submission's unit, as stored ("12.5000" or "12.5"). */
  actualWeight: string;
  notes: SubmissionChanges;
  version?: number;
  origin: OfferOrigin;
}

/**
 * Makes an offer version (DECISIONS "The honest offer"). The first one moves the submission
 * new | appraising -> offered; a later one (re-issue, an answer to a counter-offer, an accepted
 * counter-offer) keeps it 'offered' and supersedes the previous version. final_offer,
 * actual_weight and offered_at mirror the newest version (SPEC's fields). A new version made with
 * SPEC's PUT needs the `version` the form loaded, so a double-click or two appraisers at once
 * cannot make two versions unseen (without it the PUT answers SPEC's "already Offer Ready").
 */
async function offerVersionIn(tx: DbOrTx, ctx: AppContext, actor: Actor, row: SubmissionRow, input: OfferVersionInput) {
  const now = ctx.clock.now();
  const finalOffer = centsToDecimalString(input.totalCents);
  const kyc = requiresKyc(input.totalCents, row.requiresKyc);
  const changes: SubmissionChanges = {
    ...input.notes,
    finalOffer: input.totalCents,
    actualWeight: input.actualWeight,
    offeredAt: now,
    requiresKyc: kyc,
    // An offer straight from 'new' (SPEC's PUT) means the parcel is with us: its rule and hold are
    // stored now, as at receipt (DECISIONS "Compliance").
    ...(row.status === 'new' && !row.complianceRule ? await complianceAtReceipt(tx, ctx.config, row.userId, now) : {}),
  };
  const again = row.status === 'offered' && (input.origin !== 'offer' || input.version !== undefined);
  const offered = again
    ? await applyEdit(tx, row, changes, input.version)
    : await transitionSubmission(tx, { id: row.id, transition: 'offer', version: input.version, changes });
  const { offer, lines, previous } = await recordOfferVersion(tx, {
    submissionId: row.id,
    createdBy: actor.id,
    totalCents: input.totalCents,
    lines: input.lines,
    now,
    validDays: ctx.config.offerValidDays,
    counterOutcome: input.origin === 'counter_accepted' ? 'accepted' : 'answered',
  });
  const first = !again;
  await writeAuditEntry(tx, {
    ...submissionAudit(actor, row),
    action: first
      ? 'offer_submitted'
      : input.origin === 'reissued'
        ? 'offer_reissued'
        : input.origin === 'counter_accepted'
          ? 'counter_offer_accepted'
          : 'offer_revised',
    ...(first ? { fromStatus: row.status, toStatus: 'offered' } : {}),
    // Never the notes: the client's timeline is read from this log.
    changes: {
      finalOffer,
      actualWeight: Number(offered.actualWeight),
      // A first offer's entry reads as before itemised offers (SPEC's fields); a later one names its version.
      ...(first ? {} : { offerVersion: offer.version, validUntil: offer.validUntil.toISOString() }),
      ...(previous
        ? { previousTotal: centsToDecimalString(previous.row.total) }
        : row.finalOffer !== null && !first
          ? { previousTotal: centsToDecimalString(row.finalOffer) }
          : {}),
      ...(kyc && !row.requiresKyc ? { requiresKyc: true } : {}),
    },
  });
  const previousCents = previous ? previous.row.total : row.finalOffer;
  const content =
    first || previousCents === null
      ? notificationContent.offerReady({ submissionId: row.id, offerCents: input.totalCents, requiresKyc: kyc })
      : offerNotificationContent.offerUpdated({
          submissionId: row.id,
          why: input.origin === 'offer' ? 'answered' : input.origin,
          validUntilText: formatOfferDeadline(offer.validUntil),
          change: offerChangeSummary(
            { totalCents: previousCents, lines: comparableLines(previous?.lines ?? []) },
            { totalCents: input.totalCents, lines: comparableLines(lines) },
          ),
        });
  await notify(tx, { userId: row.userId, submissionId: row.id, email: true, ...content });
  return offered;
}

/** SPEC 7's one-number offer: one line that is only an amount (no basis), the weighed weight. */
async function offerIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  input: { finalOffer: string; actualWeight: number; notes: SubmissionChanges; version?: number },
) {
  const offerCents = checkedCents(input.finalOffer);
  const actualWeight = storedWeight(input.actualWeight, row.weightUnit);
  return offerVersionIn(tx, ctx, actor, row, {
    totalCents: offerCents,
    actualWeight,
    notes: input.notes,
    version: input.version,
    origin: 'offer',
    lines: [plainLine(row.description || 'Offer', actualWeight, row.weightUnit, offerCents)],
  });
}

/** A line that is only an amount: SPEC's one-number offer, an accepted counter-offer. */
function plainLine(description: string, weight: string, weightUnit: WeightUnit, amount: number): NewOfferLine {
  return { description: description.slice(0, MAX_LINE_DESCRIPTION_LENGTH), weight, weightUnit, amount };
}

/** The stored form of an itemised line, checked. */
function itemisedLine(line: CheckedOfferLine): NewOfferLine {
  return {
    description: line.description,
    material: line.material,
    weight: line.weight,
    weightUnit: line.weightUnit,
    purityPercent: line.purityPercent,
    testMethod: line.testMethod,
    referencePrice: line.referencePrice,
    referenceUnit: line.referenceUnit,
    priceSource: line.priceSource,
    pricedAt: new Date(line.pricedAt),
    percentPaid: line.percentPaid,
    proposedAmount: line.proposedAmount === null ? null : checkedCents(line.proposedAmount),
    amount: checkedCents(line.amount),
    reason: line.reason ?? null,
  };
}

/** An itemised offer: each line checked against the payout rates; the total is their sum. */
async function itemisedOfferIn(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  row: SubmissionRow,
  input: { offerLines: OfferLineBody[]; finalOffer?: string; actualWeight?: number; notes: SubmissionChanges; version?: number },
) {
  const rates = Object.values(await currentPayoutRates(tx));
  const checked = checkOfferLines(input.offerLines, rates, input.finalOffer);
  if (!checked.ok) throw badRequest(checked.message);
  const unit = isWeightUnit(row.weightUnit) ? row.weightUnit : 'grams';
  const actualWeight =
    input.actualWeight !== undefined ? storedWeight(input.actualWeight, row.weightUnit) : totalWeightIn(checked.lines, unit);
  if (input.actualWeight === undefined) {
    const problem = actualWeightProblem(Number(actualWeight), unit);
    if (problem) throw badRequest(problem);
  }
  return offerVersionIn(tx, ctx, actor, row, {
    totalCents: checked.totalCents,
    actualWeight,
    notes: input.notes,
    version: input.version,
    origin: 'offer',
    lines: checked.lines.map(itemisedLine),
  });
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
  itemisedOffer: ({ tx, ctx, actor, row, notes, version }, c) => itemisedOfferIn(tx, ctx, actor, row, { ...c, notes, version }),
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

/** The offer a re-issue or a counter acceptance starts from: the current version, still open. */
async function openOfferOf(tx: DbOrTx, row: SubmissionRow) {
  const offer = row.status === 'offered' ? await currentOfferOf(tx, row.id, true) : null;
  if (!offer) {
    if (row.status === 'completed') throw conflict('This offer was already accepted.');
    throw conflict(`This submission has no open offer; it is "${statusBadgeLabel(row.status)}".`);
  }
  if (offer.status === 'accepted') throw conflict('This offer was already accepted.');
  if (offer.status !== 'open') throw conflict('This offer is no longer open; reload to see the current one.');
  return offer;
}

/**
 * POST /api/admin/submissions/{id}/offer/reissue: the current offer (lapsed or not) again at the
 * day's prices. Each itemised line takes the live reference price, its source and time, and is
 * re-proposed at the same % paid; a line whose amount left its proposal (with a reason: a stone
 * deducted, solder) keeps that same difference and its reason. A line that is only an amount keeps it.
 */
export async function reissueOffer(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  const prices = ctx.pricing.snapshot().rows;
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    const offer = await openOfferOf(tx, row);
    const lines: NewOfferLine[] = [];
    let totalCents = 0;
    for (const line of await linesOfOffer(tx, offer.id)) {
      const basis =
        line.material && line.percentPaid && line.purityPercent && (itemTypes as readonly string[]).includes(line.material);
      if (!basis) {
        lines.push(plainLine(line.description, line.weight, line.weightUnit, line.amount));
        totalCents += line.amount;
        continue;
      }
      const price = lineReferencePrice(line.material as ItemType, prices);
      if (!price) throw conflict(`There is no current price for ${line.material}, so line ${line.position} cannot be re-priced.`);
      const proposed = proposedLineAmountCents({
        referencePrice: price.referencePrice,
        referenceUnit: price.referenceUnit,
        weight: line.weight,
        weightUnit: line.weightUnit,
        purityPercent: line.purityPercent!,
        percentPaid: line.percentPaid!,
      });
      // The appraiser's adjustment to the old proposal (with its reason) carries over unchanged.
      const adjustment = line.proposedAmount === null ? 0 : line.amount - line.proposedAmount;
      const amountCents = Math.max(0, Number(proposed) + adjustment);
      lines.push({
        description: line.description,
        material: line.material,
        weight: line.weight,
        weightUnit: line.weightUnit,
        purityPercent: line.purityPercent,
        testMethod: line.testMethod,
        referencePrice: price.referencePrice,
        referenceUnit: price.referenceUnit,
        priceSource: price.priceSource,
        pricedAt: new Date(price.pricedAt),
        percentPaid: line.percentPaid,
        proposedAmount: Number(proposed),
        amount: amountCents,
        // The reason given for leaving the band or the proposal stays with the line.
        reason: line.reason,
      });
      totalCents += amountCents;
    }
    if (totalCents <= 0) throw conflict("At today's prices this offer comes to $0.00; make a new offer instead.");
    return offerVersionIn(tx, ctx, actor, row, {
      totalCents,
      lines,
      actualWeight: row.actualWeight ?? lines[0]!.weight,
      notes: {},
      origin: 'reissued',
    });
  });
  return adminSubmissionOf(ctx.db, updated);
}

/**
 * POST /api/admin/submissions/{id}/counter/accept: the seller's counter-offer becomes the offer, a
 * new version of one line "Counter-offer accepted" for the counter's amount (the basis of the
 * lines it replaced stays in the previous version).
 */
export async function acceptCounterOffer(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  assertAppraiser(actor);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id);
    const offer = await openOfferOf(tx, row);
    if (offer.counterStatus !== 'open' || offer.counterAmount === null) {
      throw conflict('There is no counter-offer waiting on the current offer.');
    }
    const weight = row.actualWeight ?? (await linesOfOffer(tx, offer.id))[0]?.weight ?? '1';
    return offerVersionIn(tx, ctx, actor, row, {
      totalCents: offer.counterAmount,
      lines: [plainLine(COUNTER_ACCEPTED_LINE, weight, row.weightUnit, offer.counterAmount)],
      actualWeight: weight,
      notes: {},
      origin: 'counter_accepted',
    });
  });
  return adminSubmissionOf(ctx.db, updated);
}
