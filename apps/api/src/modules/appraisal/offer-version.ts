// Making a new offer version, shared by the commands that make one (an offer, a re-issue, an
// accepted counter-offer), and the open offer a re-issue or a counter acceptance starts from.
import {
  centsToDecimalString,
  formatOfferDeadline,
  MAX_LINE_DESCRIPTION_LENGTH,
  offerChangeSummary,
  type WeightUnit,
  identityRequired,
  requiresKyc,
  reserveMessages,
  stateIdSentence,
  statusBadgeLabel,
} from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { copyTestsOfLines } from '../bench/index.ts';
import { complianceAtReceipt } from '../compliance/index.ts';
import { notificationContent, notify, offerNotificationContent } from '../notifications/index.ts';
import { comparableLines, currentOfferOf, type NewOfferLine, recordOfferVersion } from '../offers/index.ts';
import { type SubmissionChanges, type SubmissionRow, transitionSubmission } from '../submissions/index.ts';
import { applyEdit, submissionAudit } from './submission-change.ts';
import { applyReserve } from './apply-reserve.ts';

/** How a new offer version came to be: it picks the audit entry and the seller's words. */
export type OfferOrigin = 'offer' | 'reissued' | 'counter_accepted';

export interface OfferVersionInput {
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
export async function offerVersionIn(tx: DbOrTx, ctx: AppContext, actor: Actor, row: SubmissionRow, input: OfferVersionInput) {
  // The seller's reserve accepted the offer they saw: no other amount replaces it (decision 040).
  if (row.reserveMetAt) throw conflict(reserveMessages.offerLockedWhileAccepted);
  const now = ctx.clock.now();
  const finalOffer = centsToDecimalString(input.totalCents);
  // An offer straight from 'new' (SPEC's PUT) means the parcel is with us: its rule and hold are
  // stored now, as at receipt (DECISIONS "Compliance").
  const atReceipt: Partial<Awaited<ReturnType<typeof complianceAtReceipt>>> =
    row.status === 'new' && !row.complianceRule ? await complianceAtReceipt(tx, ctx.config, row.userId, now) : {};
  const storedRule = atReceipt.complianceRule ?? row.complianceRule;
  // SPEC's $10,000, or the seller's state rule where it asks ID sooner (Florida: before any
  // payment), so the mailbox's "KYC Required" counts every seller the payment gate will ask.
  const kyc =
    requiresKyc(input.totalCents, row.requiresKyc) || (storedRule ? identityRequired(storedRule, input.totalCents) : false);
  const changes: SubmissionChanges = {
    ...input.notes,
    finalOffer: input.totalCents,
    actualWeight: input.actualWeight,
    offeredAt: now,
    requiresKyc: kyc,
    ...atReceipt,
  };
  const again = row.status === 'offered' && (input.origin !== 'offer' || input.version !== undefined);
  const offered = again
    ? await applyEdit(tx, row, changes, input.version)
    : await transitionSubmission(tx, { id: row.id, transition: 'offer', version: input.version, changes });
  const { offer, lines, copies, previous } = await recordOfferVersion(tx, {
    submissionId: row.id,
    createdBy: actor.id,
    totalCents: input.totalCents,
    lines: input.lines,
    now,
    validDays: ctx.config.offerValidDays,
    counterOutcome: input.origin === 'counter_accepted' ? 'accepted' : 'answered',
  });
  // A line carried into the new version keeps its bench tests (issue 28 item 1).
  await copyTestsOfLines(tx, copies, now);
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
  // A first offer on a submission with a reserve is accepted for the seller or returned (decision 040).
  const reserved = first ? await applyReserve(tx, ctx, actor, offered) : null;
  if (reserved) return reserved;
  // The rule stored at receipt (or just now, for an offer straight from 'new').
  const rule = changes.complianceRule ?? row.complianceRule;
  const previousCents = previous ? previous.row.total : row.finalOffer;
  const content =
    first || previousCents === null
      ? notificationContent.offerReady({
          submissionId: row.id,
          offerCents: input.totalCents,
          requiresKyc: kyc,
          stateIdRule: rule ? stateIdSentence(rule, input.totalCents) : null,
          validUntilText: formatOfferDeadline(offer.validUntil),
        })
      : offerNotificationContent.offerUpdated({
          submissionId: row.id,
          why: input.origin === 'offer' ? 'answered' : input.origin,
          offerCents: input.totalCents,
          validUntilText: formatOfferDeadline(offer.validUntil),
          change: offerChangeSummary(
            { totalCents: previousCents, lines: comparableLines(previous?.lines ?? []) },
            { totalCents: input.totalCents, lines: comparableLines(lines) },
          ),
        });
  await notify(tx, { userId: row.userId, submissionId: row.id, email: true, ...content });
  return offered;
}

/** A line that is only an amount: SPEC's one-number offer, an accepted counter-offer. */
export function plainLine(description: string, weight: string, weightUnit: WeightUnit, amount: number): NewOfferLine {
  return { description: description.slice(0, MAX_LINE_DESCRIPTION_LENGTH), weight, weightUnit, amount };
}

/** The offer a re-issue or a counter acceptance starts from: the current version, still open. */
export async function openOfferOf(tx: DbOrTx, row: SubmissionRow) {
  const offer = row.status === 'offered' ? await currentOfferOf(tx, row.id, true) : null;
  if (!offer) {
    if (row.status === 'completed') throw conflict('This offer was already accepted.');
    throw conflict(`This submission has no open offer; it is "${statusBadgeLabel(row.status)}".`);
  }
  if (offer.status === 'accepted') throw conflict('This offer was already accepted.');
  if (offer.status !== 'open') throw conflict('This offer is no longer open; reload to see the current one.');
  return offer;
}
