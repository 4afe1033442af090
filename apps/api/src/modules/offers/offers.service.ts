// The itemised offer's versions (DECISIONS "The honest offer"): reading a submission's current
// offer and its history, writing a new version (the previous open one superseded, its counter
// answered or accepted, the reminders queued), marking the outcome when the seller accepts or
// declines, and the seller's one counter-offer. The submission row itself (status, final offer)
// is the appraisal and transactions modules' to write; they call in here for the offer rows.
import {
  centsToDecimalString,
  type ComparableLine,
  counterOfferProblem,
  type CounterOfferBody,
  type CounterOfferStatus,
  customerLabel,
  formatCents,
  formatOfferDeadline,
  isOfferLapsed,
  offerMessages,
  offerReminders,
  offerValidUntil,
  type OfferStatus,
  type OfferView,
  reserveDeclineUntil,
  reserveMessages,
} from '@assay/domain';
import { type Actor, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notifyAdmins, offerNotificationContent } from '../notifications/index.ts';
import { lockSubmissionRow } from '../submissions/index.ts';
import {
  closeOffer,
  findCurrentOffer,
  insertOfferVersion,
  insertItemDecisions,
  listItemDecisionsOfOffers,
  listLinesOfOffers,
  listOffersOfSubmission,
  type OfferItemDecisionRow,
  type NewOfferLine,
  type OfferLineRow,
  type OfferRow,
  recordCounter,
  settleCounter,
} from './offers.repository.ts';
import { checkedCents, decimalOrNull } from '../../lib/amounts.ts';

export type { NewOfferLine, OfferLineRow, OfferRow } from './offers.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

type ItemDecisionOfView = Pick<OfferItemDecisionRow, 'decision' | 'counterAmount'> & { position: number };

export function toOfferView(
  row: OfferRow,
  lines: readonly OfferLineRow[],
  now: Date,
  itemDecisions: readonly ItemDecisionOfView[] = [],
): OfferView {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    total: centsToDecimalString(row.total),
    offeredAt: row.createdAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    lapsed: row.status === 'open' && isOfferLapsed(row.validUntil, now),
    lines: lines.map((l) => ({
      position: l.position,
      item: l.itemPosition,
      description: l.description,
      material: l.material,
      weight: l.weight,
      weightUnit: l.weightUnit,
      purityPercent: l.purityPercent,
      testMethod: l.testMethod,
      referencePrice: l.referencePrice,
      referenceUnit: l.referenceUnit,
      priceSource: l.priceSource,
      pricedAt: iso(l.pricedAt),
      percentPaid: l.percentPaid,
      proposedAmount: decimalOrNull(l.proposedAmount),
      amount: centsToDecimalString(l.amount),
      reason: l.reason,
    })),
    counter:
      row.counterAmount !== null && row.counteredAt !== null
        ? {
            amount: centsToDecimalString(row.counterAmount),
            message: row.counterMessage ?? '',
            at: row.counteredAt.toISOString(),
            status: row.counterStatus ?? 'open',
            items:
              itemDecisions.length === 0
                ? null
                : itemDecisions.map((d) => ({
                    item: d.position,
                    decision: d.decision,
                    amount: d.counterAmount === null ? null : centsToDecimalString(d.counterAmount),
                  })),
          }
        : null,
  };
}

/** A submission's current offer and the versions before it (newest first), for its detail. */
export async function offerHistoryOf(
  db: DbOrTx,
  submissionId: string,
  now: Date,
): Promise<{ offer: OfferView | null; previousOffers: OfferView[] }> {
  const rows = await listOffersOfSubmission(db, submissionId);
  const ids = rows.map((r) => r.id);
  const [lines, decisions] = await Promise.all([listLinesOfOffers(db, ids), listItemDecisionsOfOffers(db, ids)]);
  const views = rows.map((row) =>
    toOfferView(
      row,
      lines.filter((l) => l.offerId === row.id),
      now,
      decisions.filter((d) => d.offerId === row.id),
    ),
  );
  return { offer: views[0] ?? null, previousOffers: views.slice(1) };
}

/** The newest version (locked in the caller's transaction when `lock`), or null. */
export function currentOfferOf(db: DbOrTx, submissionId: string, lock = false): Promise<OfferRow | null> {
  return findCurrentOffer(db, submissionId, lock);
}

export async function linesOfOffer(db: DbOrTx, offerId: string): Promise<OfferLineRow[]> {
  return listLinesOfOffers(db, [offerId]);
}

/**
 * A stored line as a line of a new version (the same item and basis, without its old place); it
 * names the line it copies, so the caller can carry that line's bench tests over.
 */
export function asNewLine({
  id,
  offerId: _offer,
  position: _position,
  itemPosition: _item,
  ...line
}: OfferLineRow): NewOfferLine {
  return { ...line, copiedFrom: id };
}

/** The item-by-item choices of a counter on this version (empty for a counter on the whole offer). */
export function itemDecisionsOf(db: DbOrTx, offerId: string) {
  return listItemDecisionsOfOffers(db, [offerId]);
}

/** What the change summary compares of a line. */
export function comparableLines(lines: readonly Pick<OfferLineRow, keyof ComparableLine>[]): ComparableLine[] {
  return lines.map((l) => ({
    description: l.description,
    weight: l.weight,
    weightUnit: l.weightUnit,
    amount: centsToDecimalString(l.amount),
    referencePrice: l.referencePrice,
    percentPaid: l.percentPaid,
  }));
}

export interface NewOfferVersion {
  submissionId: string;
  createdBy: string;
  totalCents: number;
  lines: NewOfferLine[];
  now: Date;
  validDays: number;
  /** What becomes of an open counter-offer on the previous version. */
  counterOutcome: Exclude<CounterOfferStatus, 'open'>;
  /** Keeps the previous version's deadline (the seller's own choices do not extend it); default now + validDays. */
  validUntil?: Date;
}

/**
 * Writes the next version: the previous open one is superseded (its open counter-offer answered or
 * accepted), the new one is open for `validDays`, and its two reminders are queued in the same
 * transaction. Answers the new row and lines, and the previous version with its lines.
 */
export async function recordOfferVersion(tx: DbOrTx, input: NewOfferVersion) {
  const previous = await findCurrentOffer(tx, input.submissionId, true);
  if (previous?.status === 'accepted') throw conflict(offerMessages.alreadyAccepted);
  if (previous?.status === 'open') await closeOffer(tx, previous.id, 'superseded');
  if (previous?.counterStatus === 'open') await settleCounter(tx, previous.id, input.counterOutcome);
  const validUntil = input.validUntil ?? offerValidUntil(input.now, input.validDays);
  const { copies, ...offer } = await insertOfferVersion(
    tx,
    {
      submissionId: input.submissionId,
      version: (previous?.version ?? 0) + 1,
      total: input.totalCents,
      validUntil,
      createdBy: input.createdBy,
      createdAt: input.now,
    },
    input.lines,
  );
  for (const reminder of offerReminders(validUntil, input.now)) {
    await enqueue(
      tx,
      'offer-reminder',
      { offerId: offer.id, hoursBefore: reminder.hoursBefore },
      { startAfterSeconds: reminder.delaySeconds },
    );
  }
  const [lines, previousLines] = await Promise.all([
    listLinesOfOffers(tx, [offer.id]),
    previous ? listLinesOfOffers(tx, [previous.id]) : Promise.resolve([]),
  ]);
  // `copies`: each line copied from the previous version (asNewLine) and its new id, for the bench's
  // tests to follow (modules/bench copyTestsOfLines, called by the workflow in this transaction).
  return { offer, lines, copies, previous: previous ? { row: previous, lines: previousLines } : null };
}

/**
 * The demo seed's offers: version 1 of a submission offered in the past, its lines (itemised, or
 * one amount-only line), and the outcome the demo shows (open, accepted or declined). No
 * reminders: they belong to offers made now, and recordOfferVersion queues those.
 */
export async function recordPastOffer(
  tx: DbOrTx,
  input: {
    submissionId: string;
    createdBy: string;
    totalCents: number;
    lines: NewOfferLine[];
    createdAt: Date;
    validDays: number;
    outcome: 'open' | 'accepted' | 'declined';
  },
): Promise<void> {
  const offer = await insertOfferVersion(
    tx,
    {
      submissionId: input.submissionId,
      version: 1,
      total: input.totalCents,
      validUntil: offerValidUntil(input.createdAt, input.validDays),
      createdBy: input.createdBy,
      createdAt: input.createdAt,
    },
    input.lines,
  );
  if (input.outcome !== 'open') await closeOffer(tx, offer.id, input.outcome);
}

/**
 * Refuses to accept a lapsed offer, or another version than the one the seller looked at (409 with
 * the sentence the seller reads); no offer row is fine (submissions offered before versions).
 */
export function assertOfferAcceptable(offer: OfferRow | null, now: Date, seenVersion?: number): void {
  if (!offer) return;
  if (seenVersion !== undefined && seenVersion !== offer.version) {
    throw conflict(
      `This offer changed since you opened it: it is now ${formatCents(offer.total)}. Please look at the new offer before accepting it.`,
    );
  }
  if (offer.status === 'accepted') throw conflict(offerMessages.alreadyAccepted);
  if (offer.status !== 'open') throw conflict(offerMessages.notOpen);
  if (isOfferLapsed(offer.validUntil, now)) throw conflict(offerMessages.expired(offer.validUntil));
}

/** The seller accepted (paid) or declined: the current open version records it. */
export async function closeCurrentOffer(tx: DbOrTx, submissionId: string, status: Extract<OfferStatus, 'accepted' | 'declined'>) {
  const current = await findCurrentOffer(tx, submissionId, true);
  if (current?.status === 'open') await closeOffer(tx, current.id, status);
}

/**
 * POST /api/submissions/{id}/counter: the owner's one counter-offer on the current version, more
 * than $0 and at most 3 times the offer, before it lapses. The appraisers are told.
 */
export async function counterOffer(ctx: AppContext, actor: Actor, { id, ...body }: CounterOfferBody & { id: string }) {
  return ctx.db.transaction(async (tx) => {
    const submission = ownedBy(
      actor,
      await lockSubmissionRow(tx, id),
      'Submission',
      'Only the seller can counter an offer; appraisers answer with a new offer.',
    );
    const offer = submission.status === 'offered' ? await findCurrentOffer(tx, id, true) : null;
    if (!offer) throw conflict('This submission has no open offer to counter.');
    // Decision 040: the reserve's acceptance is the seller's answer; they may decline it, not counter it.
    if (submission.reserveMetAt) {
      throw conflict(reserveMessages.counterWhileAccepted(formatOfferDeadline(reserveDeclineUntil(submission.reserveMetAt))));
    }
    return recordSellerCounter(tx, ctx, actor, submission, offer, {
      amountCents: checkedCents(body.amount),
      message: body.message,
      itemChoices: [],
    });
  });
}

/** One item's part in a counter made item by item. */
export type ItemCounterChoice = Omit<OfferItemDecisionRow, 'offerId'> & { position: number };

/**
 * The seller's one counter-offer on `offer` (open, of their locked, offered `submission`), on the
 * whole offer or item by item (`itemChoices`, whose accepted and countered amounts make
 * `amountCents`). The appraisers are told.
 */
export async function recordSellerCounter(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  submission: { id: string; userId: string },
  offer: OfferRow,
  input: { amountCents: number; message: string; itemChoices: readonly ItemCounterChoice[] },
) {
  const now = ctx.clock.now();
  const { id } = submission;
  const { amountCents } = input;
  const totalCents = offer.total;
  const problem = counterOfferProblem(
    {
      status: offer.status,
      totalCents,
      validUntil: offer.validUntil,
      counterStatus: offer.counterStatus,
    },
    amountCents,
    now,
  );
  if (problem) {
    // The amount is the seller's to fix (400); the offer's state is not (409).
    const aboutAmount = offer.status === 'open' && offer.counterStatus === null && !isOfferLapsed(offer.validUntil, now);
    throw aboutAmount ? badRequest(problem) : conflict(problem);
  }
  if (!(await recordCounter(tx, offer.id, { amount: amountCents, message: input.message, at: now }))) {
    throw conflict('You have already made a counter-offer on this offer; each offer can be countered once.');
  }
  await insertItemDecisions(
    tx,
    input.itemChoices.map(({ position: _position, ...choice }) => ({ ...choice, offerId: offer.id })),
  );
  await writeAuditEntry(tx, {
    actorId: actor.id,
    entityType: 'submission',
    entityId: id,
    action: 'counter_offer_made',
    changes: {
      amount: centsToDecimalString(amountCents),
      offerVersion: offer.version,
      ...(input.message ? { message: input.message } : {}),
      ...(input.itemChoices.length > 0 ? { items: input.itemChoices.length } : {}),
    },
  });
  await notifyAdmins(tx, {
    submissionId: id,
    ...offerNotificationContent.counterOfferMade({
      submissionId: id,
      customerLabel: customerLabel(submission.userId),
      amountCents,
      offerCents: totalCents,
    }),
  });
  const updated = (await findCurrentOffer(tx, id))!;
  return toOfferView(updated, await listLinesOfOffers(tx, [updated.id]), now, input.itemChoices);
}
