// The seller's choices item by item on one offer version (issue 27 item 5, decision 042): the
// domain settles the round (settleItemDecisions), and this carries it out in one transaction. All
// accepted changes nothing (the seller accepts the offer as before); all declined is the decline;
// some of each makes a version of the kept items, which the seller accepts as any offer (the
// declined ones come back in one parcel when it is paid); a counter goes to the appraiser.
import {
  centsToDecimalString,
  formatOfferDeadline,
  type ItemDecisionsBody,
  type ItemDecisionsResponse,
  itemDecisionsSentence,
  lineItemPosition,
  type OfferedItem,
  reserveDeclineUntil,
  reserveMessages,
  settleItemDecisions,
  statusBadgeLabel,
} from '@assay/domain';
import { type Actor, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { checkedCents } from '../../lib/amounts.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { copyTestsOfLines } from '../bench/index.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { declineLockedOffer } from '../decline-and-return/index.ts';
import {
  asNewLine,
  assertOfferAcceptable,
  currentOfferOf,
  type ItemCounterChoice,
  linesOfOffer,
  recordOfferVersion,
  recordSellerCounter,
} from '../offers/index.ts';
import {
  listItemsOfSubmission,
  lockSubmissionRow,
  type SubmissionItemRow,
  type SubmissionRow,
  updateSubmissionIf,
} from '../submissions/index.ts';

export const chooseItemsMessages = {
  ownerOnly: 'Only the seller can choose on the items of an offer.',
  notOffered: (status: string) =>
    `Only an offer that is ready can be answered; this submission is "${statusBadgeLabel(status)}".`,
  notInOffer: (position: number) => `Item ${position} is not in this offer; please reload the page.`,
  keptNothing: 'The items you accept come to $0.00, so there is nothing to pay: decline them too, or counter.',
  changed: 'This submission changed while you were choosing. Please reload and try again.',
} as const;

/** POST /api/submissions/{id}/offer/items. */
export async function chooseItems(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ItemDecisionsBody,
): Promise<ItemDecisionsResponse> {
  return ctx.db.transaction(async (tx) => {
    const submission = ownedBy(actor, await lockSubmissionRow(tx, id), 'Submission', chooseItemsMessages.ownerOnly);
    if (submission.status !== 'offered') throw conflict(chooseItemsMessages.notOffered(submission.status));
    if (submission.reserveMetAt) {
      throw conflict(reserveMessages.itemsWhileAccepted(formatOfferDeadline(reserveDeclineUntil(submission.reserveMetAt))));
    }
    const offer = await currentOfferOf(tx, id, true);
    if (!offer) throw conflict(chooseItemsMessages.notOffered(submission.status));
    assertOfferAcceptable(offer, ctx.clock.now(), body.offerVersion);

    const lines = await linesOfOffer(tx, offer.id);
    const items = await listItemsOfSubmission(tx, id);
    const offered = offeredItems(items, lines);
    const byPosition = new Map(offered.map((entry) => [entry.row.position, entry]));
    const decisions = body.decisions.map((choice) => {
      const entry = byPosition.get(choice.item);
      if (!entry) throw badRequest(chooseItemsMessages.notInOffer(choice.item));
      const itemId = entry.row.id;
      return choice.decision === 'counter'
        ? { itemId, decision: 'counter' as const, counterCents: checkedCents(String(choice.amount)) }
        : { itemId, decision: choice.decision };
    });
    const settled = settleItemDecisions(
      offered.map((entry) => entry.offered),
      decisions,
    );
    if (!settled.ok) throw badRequest(settled.message);
    const answer = (offerVersion: number): ItemDecisionsResponse => ({
      outcome: settled.outcome,
      sentence: itemDecisionsSentence(settled),
      offerVersion,
    });

    switch (settled.outcome) {
      case 'sale':
        return answer(offer.version);
      case 'return':
        await declineLockedOffer(tx, ctx, actor, submission);
        return answer(offer.version);
      case 'counter': {
        const positionOf = (itemId: string) => offered.find((entry) => entry.row.id === itemId)!.row.position;
        const choices: ItemCounterChoice[] = [
          ...settled.accepted.map((item) => ({ itemId: item.itemId, decision: 'accept' as const, counterAmount: null })),
          ...settled.declined.map((item) => ({ itemId: item.itemId, decision: 'decline' as const, counterAmount: null })),
          ...settled.countered.map(({ item, counterCents }) => ({
            itemId: item.itemId,
            decision: 'counter' as const,
            counterAmount: counterCents,
          })),
        ]
          .map((choice) => ({ ...choice, position: positionOf(choice.itemId) }))
          .sort((a, b) => a.position - b.position);
        const amountCents = settled.acceptedCents + settled.countered.reduce((sum, c) => sum + c.counterCents, 0);
        await recordSellerCounter(tx, ctx, actor, submission, offer, {
          amountCents,
          message: body.message,
          itemChoices: choices,
        });
        return answer(offer.version);
      }
      case 'partial': {
        if (settled.acceptedCents <= 0) throw badRequest(chooseItemsMessages.keptNothing);
        const accepted = new Set(settled.accepted.map((item) => item.itemId));
        const kept = new Set(offered.filter((entry) => accepted.has(entry.row.id)).map((entry) => entry.row.position));
        const version = await keepItems(tx, ctx, actor, submission, {
          lines: lines.filter((line) => kept.has(positionOfLine(line))),
          totalCents: settled.acceptedCents,
          validUntil: offer.validUntil,
          previousVersion: offer.version,
          declined: settled.declined.length,
        });
        return answer(version);
      }
    }
  });
}

type Line = Awaited<ReturnType<typeof linesOfOffer>>[number];
const positionOfLine = (line: Line) => lineItemPosition({ item: line.itemPosition });

/** The items this version prices (those with a line), with their amounts. */
function offeredItems(items: readonly SubmissionItemRow[], lines: readonly Line[]) {
  return items
    .map((row) => ({ row, lines: lines.filter((line) => positionOfLine(line) === row.position) }))
    .filter((entry) => entry.lines.length > 0)
    .map(({ row, lines: ofItem }) => {
      const amountCents = ofItem.reduce((sum, line) => sum + line.amount, 0);
      const offered: OfferedItem = { itemId: row.id, description: row.description, amountCents };
      return { row, offered };
    });
}

/**
 * Some items kept, some declined: a new version of the kept items' lines, for their total, with
 * the same deadline. final_offer mirrors it, as it mirrors every newest version.
 */
async function keepItems(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  submission: SubmissionRow,
  input: {
    lines: Awaited<ReturnType<typeof linesOfOffer>>;
    totalCents: number;
    validUntil: Date;
    previousVersion: number;
    declined: number;
  },
) {
  const now = ctx.clock.now();
  const { offer, copies } = await recordOfferVersion(tx, {
    submissionId: submission.id,
    createdBy: actor.id,
    totalCents: input.totalCents,
    lines: input.lines.map(asNewLine),
    now,
    validDays: ctx.config.offerValidDays,
    validUntil: input.validUntil,
    counterOutcome: 'answered',
  });
  // The kept items' lines keep their bench tests (issue 28 item 1).
  await copyTestsOfLines(tx, copies, now);
  const updated = await updateSubmissionIf(
    tx,
    submission.id,
    { status: submission.status, version: submission.version },
    { finalOffer: input.totalCents },
  );
  if (!updated) throw conflict(chooseItemsMessages.changed);
  await writeAuditEntry(tx, {
    actorId: actor.id,
    entityType: 'submission',
    entityId: submission.id,
    action: 'items_chosen',
    changes: {
      offerVersion: offer.version,
      previousVersion: input.previousVersion,
      finalOffer: centsToDecimalString(input.totalCents),
      declinedItems: input.declined,
    },
  });
  return offer.version;
}
